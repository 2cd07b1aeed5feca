import { api, CARDS_PER_LIST } from '@hypertek/shared';
import { useList } from '@hypertek/shared/data';
import { ITEM_CARD_ACTION, ItemCard } from '@hypertek/shared/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** What a home list shows: the NFAs of the market, or the lands. */
const LISTS = {
  market: (signal: AbortSignal) => api.getMarket({ limit: CARDS_PER_LIST }, { signal }),
  land: (signal: AbortSignal) => api.getLand({ limit: CARDS_PER_LIST }, { signal }),
};

export type HomeList = keyof typeof LISTS;

interface CatalogueCardsProps {
  list: HomeList;
  /** What shows until the call settles. */
  loading: ReactNode;
}

/**
 * A home list's cards: up to four, whose 'Buy Now' goes to the marketplace, 2 columns then 4.
 * Loading until the call settles, whether it succeeds or fails (a failure leaves it empty).
 * Its own module: it reads through the data layer (TanStack Query), which the home's first screen
 * does not need (catalogue-section.tsx loads it when the section comes near the screen).
 */
export default function CatalogueCards({ list, loading }: CatalogueCardsProps) {
  const items = useList([list, CARDS_PER_LIST], LISTS[list], { count: CARDS_PER_LIST });
  if (items === null) return loading;
  return (
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
  );
}
