export default function NoItemProfilePage() {
  return (
    <section className="container page-header">
      <h1>No Items</h1>
      <p className="lead">You hold no collectibles yet.</p>
    </section>
  );
}
