import { Link } from 'react-router';

const TABS = ['Overview', 'Collectibles', 'Lands', 'Activities'] as const;

/**
 * The empty collection: tabs that lead nowhere yet ('#'), 'No Items' and a
 * 'Browse Collection' button. Shown wherever a list is empty.
 */
export function EmptyCollection({ browseTo = '/market-place' }: { browseTo?: string }) {
  return (
    <div className="mp-empty">
      <ul className="mp-empty-tabs" aria-label="Collection">
        {TABS.map((tab, index) => (
          <li key={tab}>
            <a
              href="#"
              className={index === 0 ? 'is-active' : undefined}
              onClick={(event) => event.preventDefault()}
            >
              {tab}
            </a>
          </li>
        ))}
      </ul>
      <svg className="mp-empty-art" viewBox="0 0 120 80" aria-hidden="true">
        <rect
          x="20"
          y="22"
          width="80"
          height="46"
          rx="6"
          fill="none"
          stroke="#26305e"
          strokeWidth="2"
        />
        <path d="M20 34 H100" stroke="#26305e" strokeWidth="2" />
        <path d="M45 52 H75" stroke="#00e5ff" strokeWidth="3" strokeLinecap="round" />
        <circle cx="60" cy="12" r="4" fill="#ff2bd6" />
      </svg>
      <p className="mp-empty-title">No Items</p>
      <Link className="btn btn-ghost" to={browseTo}>
        Browse Collection
      </Link>
    </div>
  );
}
