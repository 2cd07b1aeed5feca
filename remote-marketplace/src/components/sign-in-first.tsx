import { MESSAGES } from '@hypertek/shared';
import { Link } from 'react-router';

/** What a page of the signed-in user's own says to a visitor: 'Please Login first!' and Sign in. */
export function SignInFirst() {
  return (
    <div className="mp-notice">
      <p className="lead">{MESSAGES.loginFirst}</p>
      <Link className="btn btn-primary" to="/signin">
        Sign in
      </Link>
    </div>
  );
}
