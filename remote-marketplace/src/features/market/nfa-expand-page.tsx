export default function NfaExpandPage() {
  return (
    <section className="container page-header">
      <h1>Collectibles</h1>
      <p className="lead">Every NFA on the market.</p>
    </section>
  );
}
