export default function OfferPage() {
  return (
    <section className="container page-header">
      <h1>Make an offer</h1>
      <p className="lead">Name your price.</p>
    </section>
  );
}
