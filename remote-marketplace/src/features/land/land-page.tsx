export default function LandPage() {
  return (
    <section className="container page-header">
      <h1>Lands</h1>
      <p className="lead">Every land parcel on the market.</p>
    </section>
  );
}
