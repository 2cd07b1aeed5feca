export default function PaymentPage() {
  return (
    <section className="container page-header">
      <h1>Payment</h1>
      <p className="lead">Choose how to pay.</p>
    </section>
  );
}
