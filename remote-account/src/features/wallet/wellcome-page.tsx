export default function WellcomePage() {
  return (
    <section className="container page-header">
      <h1>Welcome</h1>
      <p className="lead">Your pilot account is ready.</p>
    </section>
  );
}
