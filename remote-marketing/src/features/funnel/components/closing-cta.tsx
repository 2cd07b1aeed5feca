export function ClosingCta() {
  return (
    <section className="container section" aria-labelledby="funnel-cta">
      <div className="mk-cta">
        <h2 id="funnel-cta">Begin Your Gaming Evolution</h2>
        <p className="lead">
          The gates of 2117 open soon. Back Hyper Tek today and be there on day one — with your
          rewards, your name in the credits and a say in what we build next.
        </p>
        {/* The product spells the label so ('Contribure'), and gives the button no action yet. */}
        <button type="button" className="btn btn-primary mk-cta-button">
          Contribure Now
        </button>
      </div>
    </section>
  );
}
