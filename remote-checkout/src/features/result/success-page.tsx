export default function SuccessPage() {
  return (
    <section className="container page-header">
      <h1>Your request has been sent successfully</h1>
    </section>
  );
}
