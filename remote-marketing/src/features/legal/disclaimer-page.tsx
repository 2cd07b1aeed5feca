export default function DisclaimerPage() {
  return (
    <section className="container page-header">
      <h1>Disclaimer</h1>
      <p className="lead">What Hyper Tek promises, and what it does not.</p>
    </section>
  );
}
