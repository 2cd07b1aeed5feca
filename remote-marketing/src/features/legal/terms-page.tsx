export default function TermsPage() {
  return (
    <section className="container page-header">
      <h1>Terms and Conditions</h1>
      <p className="lead">The rules of the marketplace.</p>
    </section>
  );
}
