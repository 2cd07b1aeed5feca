export default function SigninWalletPage() {
  return (
    <section className="container page-header">
      <h1>Sign in with a wallet</h1>
      <p className="lead">Sign a message with your browser wallet.</p>
    </section>
  );
}
