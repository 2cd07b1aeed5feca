export default function FunnelPagePage() {
  return (
    <section className="container page-header">
      <h1>The Ultimate Gaming Marketplace</h1>
      <p className="lead">Back the next era of Hyper Tek.</p>
    </section>
  );
}
