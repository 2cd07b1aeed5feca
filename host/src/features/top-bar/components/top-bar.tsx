import { useApiImage, useSession } from '@hypertek/shared';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

import { isOnPath } from '../../../lib/paths';
import { NO_SEARCH_PATHS, NO_SIGNUP_BUTTON_PATHS } from '../top-bar-paths';
import { Logo } from '../../../components/logo';
import { SHOP_ITEMS, SOCIAL_ITEMS } from '../nav-items';
import { Dropdown } from './dropdown';

const ProfileIcon = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

const StarIcon = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <path
      d="M12 3.2l2.7 5.6 6.1.8-4.5 4.2 1.1 6-5.4-2.9-5.4 2.9 1.1-6-4.5-4.2 6.1-.8z"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * The signed-in user's face in the top bar: their uploaded avatar (from the API host), or the
 * generic icon when they have none or it cannot be loaded. The link around it names it.
 */
function UserAvatar({ path }: { path: string | null | undefined }) {
  const { src, onError } = useApiImage(path);
  if (!src) return <ProfileIcon />;
  return (
    <img
      className="top-bar-avatar"
      src={src}
      alt=""
      width={44}
      height={44}
      decoding="async"
      onError={onError}
    />
  );
}

/**
 * Publishes the height the top bar covers — the bar, and the mobile menu while it is open (it
 * lies over the page) — as `--ht-top-bar-height` on the document, for what must stay clear of it
 * (the toasts); gone with the bar (pages without one). Read from the ResizeObserver's reports
 * (the first comes after the first layout), never measured during the commit: a
 * `getBoundingClientRect` there would force a layout of the whole page while it hydrates.
 */
function usePublishedHeight(bar: RefObject<HTMLElement | null>, menu: HTMLElement | null) {
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const heights = new Map<Element, number>();
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const height = entry.borderBoxSize[0]?.blockSize;
        if (height !== undefined) heights.set(entry.target, height);
      }
      let covered = 0;
      for (const height of heights.values()) covered += height;
      root.setProperty('--ht-top-bar-height', `${Math.ceil(covered)}px`);
    });
    observer.observe(element);
    if (menu) observer.observe(menu);
    return () => {
      observer.disconnect();
      root.removeProperty('--ht-top-bar-height');
    };
  }, [bar, menu]);
}

// Only signed-in users see these: they load when first shown, not before the first paint.
const SearchBox = lazy(() => import('./search-box').then((m) => ({ default: m.SearchBox })));
const LogoutDialog = lazy(() =>
  import('./logout-dialog').then((m) => ({ default: m.LogoutDialog })),
);
const NotificationBell = lazy(() =>
  import('./notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/** The top bar (docs/product.md, Routes and screens); the mobile menu mirrors it. */
export function TopBar() {
  const { isLoggedInUser, user } = useSession();
  const bar = useRef<HTMLElement>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  usePublishedHeight(bar, menu);
  const { pathname } = useLocation();
  // The mobile menu belongs to the page it was opened on: a route change closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  // Forget it once the route has changed, or coming back to that page would reopen it.
  if (menuOpenOn !== null && !menuOpen) setMenuOpenOn(null);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const closeLogout = useCallback(() => setConfirmLogout(false), []);

  const showSearch = isLoggedInUser && !isOnPath(pathname, NO_SEARCH_PATHS);
  const showSignUp = !isLoggedInUser && !isOnPath(pathname, NO_SIGNUP_BUTTON_PATHS);

  const links = (
    <>
      <Dropdown label="Shop" items={SHOP_ITEMS} />
      <NavLink to="/about" className="nav-link">
        About Us
      </NavLink>
      <NavLink to="/news" className="nav-link">
        News
      </NavLink>
      <Dropdown label="Social" items={SOCIAL_ITEMS} />
    </>
  );

  const actions = (
    <>
      {isLoggedInUser && (
        <>
          <Link to="/watchlist" className="icon-button" aria-label="Watchlist" title="Watchlist">
            <StarIcon />
          </Link>
          <Link to="/profile" className="icon-button" aria-label="Profile" title="Profile">
            <UserAvatar path={user?.Avatar} />
          </Link>
          <button type="button" className="btn btn-ghost" onClick={() => setConfirmLogout(true)}>
            Logout
          </button>
        </>
      )}
      {showSignUp && (
        <Link to="/signup" className="btn btn-primary">
          Sign Up
        </Link>
      )}
    </>
  );

  return (
    <header className="top-bar" data-testid="top-bar" ref={bar}>
      <div className="top-bar-inner">
        <Link to="/" className="top-bar-logo" aria-label="Hyper Tek home">
          <Logo />
        </Link>
        <nav className="top-bar-nav" aria-label="Main">
          {links}
        </nav>
        {showSearch && (
          <Suspense
            fallback={<div className="ht-search search-box top-bar-search" aria-hidden="true" />}
          >
            <SearchBox className="top-bar-search" />
          </Suspense>
        )}
        {isLoggedInUser && (
          <Suspense fallback={<div className="notification-bell icon-button" aria-hidden="true" />}>
            <NotificationBell />
          </Suspense>
        )}
        <div className="top-bar-actions">{actions}</div>
        <button
          type="button"
          className="icon-button menu-toggle"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            {menuOpen ? (
              <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" />
            ) : (
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
            )}
          </svg>
        </button>
      </div>
      {menuOpen && (
        <nav className="mobile-menu" id="mobile-menu" aria-label="Mobile" ref={setMenu}>
          {showSearch && (
            <Suspense fallback={null}>
              <SearchBox className="mobile-search" />
            </Suspense>
          )}
          {links}
          <div className="mobile-actions">{actions}</div>
        </nav>
      )}
      {confirmLogout && (
        <Suspense fallback={null}>
          <LogoutDialog onClose={closeLogout} />
        </Suspense>
      )}
    </header>
  );
}
