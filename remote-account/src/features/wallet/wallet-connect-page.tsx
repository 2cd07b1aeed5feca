export default function WalletConnectPage() {
  return (
    <section className="container page-header">
      <h1>Connect Wallet</h1>
      <p className="lead">Connect a browser wallet to sell from your phone.</p>
    </section>
  );
}
