export default function BuyNfaPage() {
  return (
    <section className="container page-header">
      <h1>NFA details</h1>
      <p className="lead">The collectible you chose.</p>
    </section>
  );
}
