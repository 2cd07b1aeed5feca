import { EmptyState } from './components/empty-state';

/** The empty-collection tabs: they link to '#', as the product says. */
const EMPTY_TABS = ['Overview', 'Collectibles', 'Lands', 'Activities'] as const;

/** /no-item-profile: the empty collection page, 'No Items' and 'Browse Collection'. */
export default function NoItemProfilePage() {
  return (
    <section className="container section">
      <nav className="ac-tabs" aria-label="Collection sections">
        {EMPTY_TABS.map((label, index) => (
          <a
            key={label}
            href="#"
            className={index === 0 ? 'ac-tab active' : 'ac-tab'}
            aria-current={index === 0 ? 'page' : undefined}
          >
            {label}
          </a>
        ))}
      </nav>
      <EmptyState title="No Items">
        You hold no collectibles yet. The market is open: find your first NFA or land parcel.
      </EmptyState>
    </section>
  );
}
