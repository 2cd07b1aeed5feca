export default function ForgotPasswordPage() {
  return (
    <section className="container page-header">
      <h1>Forgotten Password</h1>
      <p className="lead">We will send you a link to reset it.</p>
    </section>
  );
}
