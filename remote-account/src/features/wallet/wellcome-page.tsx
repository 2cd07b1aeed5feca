import { Link } from 'react-router';

import '../../styles/wallet.css';

/** /wellcome (spelt so in the route list): the welcome screen after connecting a wallet. */
export default function WellcomePage() {
  return (
    <section className="container section ac-welcome">
      <div className="ac-welcome-ring" aria-hidden="true">
        <span />
      </div>
      <p className="eyebrow">Wallet connected</p>
      <h1>
        Welcome to <span className="gradient-text">Hyper Tek</span>
      </h1>
      <p className="lead">
        The year is 2117. Your pilot account is ready: collect NFAs, claim land and trade on the
        market.
      </p>
      <div className="ac-welcome-actions">
        <Link to="/profile" className="btn btn-primary">
          Go to Profile
        </Link>
        <Link to="/market-place" className="btn btn-ghost">
          Visit MarketPlace
        </Link>
      </div>
    </section>
  );
}
