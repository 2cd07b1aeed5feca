import '../../styles/watchlist.css';

import { Link } from 'react-router';

/** Where a visitor's star leads: watching is for signed-in users. */
export const WATCH_SIGN_IN_PATH = '/signin';

function StarIcon() {
  return (
    <svg className="mp-star-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M12 3.2l2.7 5.6 6.1.8-4.5 4.2 1.1 6-5.4-2.9-5.4 2.9 1.1-6-4.5-4.2 6.1-.8z"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface WatchStarProps {
  /** 'Watch', or 'Watch Neon Relic 18' on a card (the card names its item). */
  label: string;
  /** null: the state is not known yet (the star waits). */
  watched: boolean | null;
  /** A visitor's star is a link to the sign-in page. */
  signedIn: boolean;
  onToggle: () => void;
  /** 'page': the star and its word; 'card': the star alone, over the card's picture. */
  variant: 'page' | 'card';
}

/**
 * The watch toggle (docs/product.md, "Watchlist"): a star button pressed while the item is on the
 * user's watchlist (`aria-pressed`), named 'Watch' whatever its state (the pressed state says
 * it). For a visitor it is a link to /signin, as the site's other signed-in-only actions lead there.
 */
export function WatchStar({ label, watched, signedIn, onToggle, variant }: WatchStarProps) {
  const className = `mp-watch mp-watch-${variant}`;
  const word = variant === 'page' ? <span className="mp-watch-word">Watch</span> : null;
  if (!signedIn) {
    return (
      <Link
        className={className}
        to={WATCH_SIGN_IN_PATH}
        aria-label={label}
        title="Sign in to watch items"
      >
        <StarIcon />
        {word}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-pressed={watched ?? false}
      disabled={watched === null}
      title={watched ? 'On your watchlist: press to remove it' : 'Add to your watchlist'}
      onClick={onToggle}
    >
      <StarIcon />
      {word}
    </button>
  );
}
