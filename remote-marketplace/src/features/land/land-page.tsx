import { api } from '@hypertek/shared';

import { CardGridSkeleton } from '../../components/card-grid-skeleton';
import { EmptyCollection } from '../../components/empty-collection';
import { FIRST_ROW_CARDS, ItemCard } from '../../components/item-card';
import { MarketplacePage } from '../../components/marketplace-page';
import { PageSection } from '../../components/page-section';
import { usePagedList } from '../../hooks/use-paged-list';
import { InstantSellTile } from '../sell/components/instant-sell-tile';

/** Lands per page: with the Instant Sell tile the first page fills five rows of four. */
export const LAND_PAGE_SIZE = 19;

/**
 * /land (SPEC §2): every land parcel in a grid, 'Instant Sell' first, the others linking to
 * /buy-land. Lands arrive a page at a time; 'Load more lands' follows the server's nextCursor.
 */
export default function LandPage() {
  const lands = usePagedList(api.getLand, LAND_PAGE_SIZE);

  return (
    <MarketplacePage>
      <PageSection
        id="mp-lands-title"
        title="Lands"
        level={1}
        intro="Parcels across the colonies of 2117, ready to claim."
      >
        {lands.loading ? (
          <CardGridSkeleton
            label="Loading Lands"
            count={LAND_PAGE_SIZE}
            leading={<InstantSellTile headingLevel={2} />}
          />
        ) : (
          <>
            <div className="grid grid-4 mp-grid" aria-busy={lands.loadingMore}>
              <InstantSellTile headingLevel={2} />
              {lands.items.map((item, index) => (
                <ItemCard
                  key={item._id || item.id}
                  item={item}
                  kind="land"
                  headingLevel={2}
                  priority={index < FIRST_ROW_CARDS - 1}
                />
              ))}
            </div>
            {lands.items.length === 0 && <EmptyCollection />}
            <div className="mp-load-more">
              <p className="muted" aria-live="polite">
                {lands.items.length > 0 && `Showing ${lands.items.length} lands`}
              </p>
              {lands.hasMore && (
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={lands.loadMore}
                  disabled={lands.loadingMore}
                >
                  {lands.loadingMore ? 'Loading…' : 'Load more lands'}
                </button>
              )}
            </div>
          </>
        )}
      </PageSection>
    </MarketplacePage>
  );
}
