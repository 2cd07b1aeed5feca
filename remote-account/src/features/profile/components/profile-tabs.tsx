import { NavLink } from 'react-router';

/** The tabs of the profile area; the current one is highlighted and `aria-current`. */
export const PROFILE_TABS = [
  { label: 'Collectible', to: '/Profile' },
  { label: 'Land', to: '/Lands' },
  { label: 'Activities', to: '/Activity' },
  { label: 'Listing', to: '/List' },
  { label: 'Offer', to: '/offer' },
] as const;

export function ProfileTabs() {
  return (
    <nav className="ac-tabs" aria-label="Profile sections">
      {PROFILE_TABS.map(({ label, to }) => (
        <NavLink key={to} to={to} className="ac-tab" end>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
