export default function NewsPage() {
  return (
    <section className="container page-header">
      <h1>News</h1>
      <p className="lead">Dispatches from the front lines of 2117.</p>
    </section>
  );
}
