export default function ResetPasswordPage() {
  return (
    <section className="container page-header">
      <h1>Reset Password</h1>
      <p className="lead">Choose a new password.</p>
    </section>
  );
}
