export default function MarketPlacePage() {
  return (
    <section className="container page-header">
      <h1>A New Era Dawns in Hyper Tek</h1>
      <p className="lead">Collect NFAs and land parcels of 2117.</p>
    </section>
  );
}
