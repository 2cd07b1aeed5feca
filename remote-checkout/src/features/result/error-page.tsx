export default function ErrorPage() {
  return (
    <section className="container page-header">
      <h1>Your request was not successful</h1>
    </section>
  );
}
