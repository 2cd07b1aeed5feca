export default function ActivityPage() {
  return (
    <section className="container page-header">
      <h1>Your activity</h1>
      <p className="lead">What you bought and sold.</p>
    </section>
  );
}
