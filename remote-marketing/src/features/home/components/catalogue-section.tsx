import { ITEM_CARD_ACTION, ItemCard } from '@hypertek/shared/ui';
import { Link } from 'react-router';

import { useCatalogue, type CatalogueFetcher } from '../api/use-catalogue';

interface CatalogueSectionProps {
  id: string;
  title: string;
  intro: string;
  fetchList: CatalogueFetcher;
}

/** A home list ('Popular Collections', 'MarketPlace'): up to four cards whose 'Buy Now' goes to the marketplace, 2 columns then 4. */
export function CatalogueSection({ id, title, intro, fetchList }: CatalogueSectionProps) {
  const { items, loading } = useCatalogue(fetchList);
  return (
    <section className="container section" aria-labelledby={id} aria-busy={loading}>
      <header className="mk-section-head mk-section-head--row">
        <div>
          <h2 id={id}>{title}</h2>
          <p className="muted">{intro}</p>
        </div>
        <Link to="/market-place" className="btn btn-ghost">
          View all
        </Link>
      </header>
      {loading ? (
        <div className="mk-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading {title}…</span>
        </div>
      ) : (
        items.length > 0 && (
          <ul className="grid grid-4 mk-card-list">
            {items.map((item) => (
              <li key={item._id}>
                <ItemCard
                  item={item}
                  kind={item.kind}
                  action={
                    <Link to="/market-place" className={ITEM_CARD_ACTION}>
                      Buy Now
                    </Link>
                  }
                />
              </li>
            ))}
          </ul>
        )
      )}
    </section>
  );
}
