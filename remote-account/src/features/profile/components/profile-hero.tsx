import { type User } from '@hypertek/shared';
import { Link } from 'react-router';

import { displayName, userId } from '../lib/display-name';
import { Avatar } from './avatar';
import { HeroBanner } from './hero-banner';
import { SignInMethods } from './sign-in-methods';
import { useBalance } from '../hooks/use-balance';
import { formatBalance } from '../lib/format-balance';

/**
 * The user's balance ('$3000'). While it loads, and when it cannot be read, a dash holds its place
 * (same line, same size), and screen readers hear why.
 */
function Balance({ userId }: { userId: string }) {
  const balance = useBalance(userId);
  return (
    <p className="ac-balance">
      <span className="muted">Balance</span>
      {balance.status === 'ready' ? (
        <strong className="price">{formatBalance(balance.amount)}</strong>
      ) : (
        <strong className="price ac-balance-pending" data-testid="balance-pending">
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">
            {balance.status === 'loading' ? 'loading' : 'not available right now'}
          </span>
        </strong>
      )}
    </p>
  );
}

/** Banner, avatar, name, bio, id, balance and 'Edit Profile'. */
export function ProfileHero({ user }: { user: User }) {
  // The wire may send no bio at all; an empty one shows nothing.
  const bio = (user.Bio as string | null | undefined)?.trim();
  return (
    <header className="ac-profile-hero">
      <HeroBanner />
      <div className="container ac-profile-id">
        <Avatar path={user.Avatar} />
        <div className="ac-profile-who">
          <p className="eyebrow">Pilot profile</p>
          <h1>{displayName(user)}</h1>
          {bio && <p className="ac-profile-bio">{bio}</p>}
          <p className="muted ac-profile-uid">
            ID: <span>{userId(user)}</span>
          </p>
          <SignInMethods user={user} />
        </div>
        <div className="ac-profile-side">
          <Balance userId={userId(user)} />
          <Link to="/edit" className="btn btn-ghost">
            Edit Profile
          </Link>
        </div>
      </div>
    </header>
  );
}
