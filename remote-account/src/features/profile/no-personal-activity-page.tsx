export default function NoPersonalActivityPage() {
  return (
    <section className="container page-header">
      <h1>No activity yet</h1>
      <p className="lead">Your trades will show up here.</p>
    </section>
  );
}
