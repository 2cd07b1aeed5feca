export default function DashboardPage() {
  return (
    <section className="container page-header">
      <h1>Welcome to Dashboard</h1>
      <p className="lead">Your payment is being confirmed.</p>
    </section>
  );
}
