export default function AboutPage() {
  return (
    <section className="container page-header">
      <h1>About Hyper Tek</h1>
      <p className="lead">
        The story of 2117: three fronts of war, one ecosystem of NFAs, a game and a marketplace.
      </p>
    </section>
  );
}
