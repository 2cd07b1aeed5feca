export default function WhitepapersPage() {
  return (
    <section className="container page-header">
      <h1>WhitePapers</h1>
      <p className="lead">The design of the Hyper Tek economy, NFAs and land.</p>
    </section>
  );
}
