export default function ListPage() {
  return (
    <section className="container page-header">
      <h1>Your listings</h1>
      <p className="lead">What you have listed for sale.</p>
    </section>
  );
}
