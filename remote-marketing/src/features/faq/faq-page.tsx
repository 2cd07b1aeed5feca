export default function FaqPage() {
  return (
    <section className="container page-header">
      <h1>FAQ</h1>
      <p className="lead">Answers to the questions pilots ask most.</p>
    </section>
  );
}
