import { api, CARDS_PER_LIST } from '@hypertek/shared';

import { CardGridSkeleton } from '../../components/card-grid-skeleton';
import { EmptyCollection } from '../../components/empty-collection';
import { ItemCard } from '../../components/item-card';
import { MarketplacePage } from '../../components/marketplace-page';
import { PageSection } from '../../components/page-section';
import { usePagedList } from '../../hooks/use-paged-list';
import { InstantSellTile } from '../sell/components/instant-sell-tile';
import { MarketHero } from './components/market-hero';

/** The Instant Sell tile takes the first place of the 4 (SPEC §2, §9). */
const MARKET_CARDS = CARDS_PER_LIST - 1;

/**
 * /nfa-expand, the market page (SPEC §2): the hero and search, then a grid of 4 tiles: 'Instant
 * Sell' first, then the first market entries, each linking to /buy-nfa.
 */
export default function NfaExpandPage() {
  const market = usePagedList(api.getMarket, MARKET_CARDS);

  return (
    <MarketplacePage>
      <MarketHero />
      <PageSection id="mp-collectibles-title" title="Collectibles">
        {market.loading ? (
          <CardGridSkeleton
            label="Loading Collectibles"
            count={MARKET_CARDS}
            leading={<InstantSellTile />}
          />
        ) : (
          <div className="grid grid-4 mp-grid">
            <InstantSellTile />
            {market.items.slice(0, MARKET_CARDS).map((item) => (
              <ItemCard key={item._id || item.id} item={item} kind="nfa" priority />
            ))}
          </div>
        )}
        {!market.loading && market.items.length === 0 && <EmptyCollection browseTo="/land" />}
      </PageSection>
    </MarketplacePage>
  );
}
