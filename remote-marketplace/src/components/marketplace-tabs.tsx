import { NavLink } from 'react-router';

/** The marketplace sub-navigation; the active tab is highlighted and aria-current. */
export const MARKETPLACE_TABS = [
  { label: 'Overview', to: '/market-place' },
  { label: 'Collectibles', to: '/nfa-expand' },
  { label: 'Lands', to: '/land' },
  { label: 'Activities', to: '/personal-activity' },
] as const;

export function MarketplaceTabs() {
  return (
    <nav className="mp-tabs" aria-label="Marketplace">
      <ul>
        {MARKETPLACE_TABS.map(({ label, to }) => (
          <li key={to}>
            <NavLink to={to} className={({ isActive }) => `mp-tab${isActive ? ' is-active' : ''}`}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
