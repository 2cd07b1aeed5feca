export default function LandsPage() {
  return (
    <section className="container page-header">
      <h1>Your lands</h1>
      <p className="lead">The parcels you hold.</p>
    </section>
  );
}
