export default function BuyLandPage() {
  return (
    <section className="container page-header">
      <h1>Land details</h1>
      <p className="lead">The parcel you chose.</p>
    </section>
  );
}
