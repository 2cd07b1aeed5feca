export default function EditPage() {
  return (
    <section className="container page-header">
      <h1>Edit Profile</h1>
      <p className="lead">Your name, bio, avatar and password.</p>
    </section>
  );
}
