export default function StripePaymentPage() {
  return (
    <section className="container page-header">
      <h1>Secure Payment</h1>
      <p className="lead">Pay for your item by card.</p>
    </section>
  );
}
