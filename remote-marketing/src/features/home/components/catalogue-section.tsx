import { api, CARDS_PER_LIST, useNearViewport } from '@hypertek/shared';
import { useList } from '@hypertek/shared/data';
import { ITEM_CARD_ACTION, ItemCard } from '@hypertek/shared/ui';
import { Link } from 'react-router';

/** What a home list shows: the NFAs of the market, or the lands. */
const LISTS = {
  market: (signal: AbortSignal) => api.getMarket({ limit: CARDS_PER_LIST }, { signal }),
  land: (signal: AbortSignal) => api.getLand({ limit: CARDS_PER_LIST }, { signal }),
};

interface CatalogueSectionProps {
  id: string;
  title: string;
  intro: string;
  list: keyof typeof LISTS;
}

/** A home list ('Popular Collections', 'MarketPlace'): up to four cards whose 'Buy Now' goes to the marketplace, 2 columns then 4. */
export function CatalogueSection({ id, title, intro, list }: CatalogueSectionProps) {
  // Read once the section comes near the screen (it is far below the fold: its read and render
  // would otherwise compete with the first screen). Loading until the call settles, whether it
  // succeeds or fails (a failure leaves it empty).
  const { ref, near } = useNearViewport();
  const items = useList([list, CARDS_PER_LIST], LISTS[list], {
    count: CARDS_PER_LIST,
    enabled: near,
  });
  const loading = items === null;
  return (
    <section ref={ref} className="container section" aria-labelledby={id} aria-busy={loading}>
      <header className="mk-section-head mk-section-head-row">
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
