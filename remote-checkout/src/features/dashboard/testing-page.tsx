export default function TestingPage() {
  return (
    <section className="container page-header">
      <h1>Testing</h1>
      <p className="lead">A page for the payments team.</p>
    </section>
  );
}
