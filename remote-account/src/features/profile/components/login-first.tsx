import { MESSAGES } from '@hypertek/shared';
import { Link } from 'react-router';

import '../../../styles/profile.css';

/** What the profile area shows to a signed-out visitor ('Please Login first!'). */
export function LoginFirst() {
  return (
    <section className="container section">
      <div className="ac-empty">
        <p className="eyebrow">Restricted sector</p>
        <h1>{MESSAGES.loginFirst}</h1>
        <p className="muted">
          Your collectibles, lands, activity and listings wait behind the gate.
        </p>
        <Link to="/signin" className="btn btn-primary">
          Sign In
        </Link>
      </div>
    </section>
  );
}
