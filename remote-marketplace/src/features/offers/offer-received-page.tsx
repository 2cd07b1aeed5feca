export default function OfferReceivedPage() {
  return (
    <section className="container page-header">
      <h1>Offers received</h1>
      <p className="lead">Offers made on your items.</p>
    </section>
  );
}
