export default function NoOfferPage() {
  return (
    <section className="container page-header">
      <h1>No offers right now</h1>
      <p className="lead">When a pilot makes an offer, it shows up here.</p>
    </section>
  );
}
