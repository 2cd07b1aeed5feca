import { api } from '@hypertek/shared';

import { MarketplacePage } from '../../components/marketplace-page';
import { PageSection } from '../../components/page-section';
import { CatalogueBrowser } from '../../components/catalogue/catalogue-browser';
import { InstantSellTile } from '../../components/instant-sell/instant-sell-tile';
import { MarketHero } from './components/market-hero';

/**
 * NFAs of the first page. The product's grid of 4 (the Instant Sell tile, then the first 3 entries)
 * is its first row at 1440 px; the first page fills five such rows.
 */
export const MARKET_PAGE_SIZE = 19;

/**
 * The read the page makes when it opens, the first page without sort or filters: the host's
 * server asks for it with the page's HTML.
 */
export const preloadFetch = [`/market/getMarket?limit=${MARKET_PAGE_SIZE}`];

const NOUNS = { plural: 'collectibles', singular: 'collectible', loading: 'Loading Collectibles' };

/**
 * /nfa-expand, the market page: the hero and search, then the market's grid: 'Instant
 * Sell' first, then every market entry in the URL's sort and filters, each linking to its /buy-nfa
 * page, more loading as the visitor scrolls.
 */
export default function NfaExpandPage() {
  return (
    <MarketplacePage>
      <MarketHero />
      <PageSection id="mp-collectibles-title" title="Collectibles">
        <CatalogueBrowser
          kind="nfa"
          fetch={api.getMarket}
          firstPage={MARKET_PAGE_SIZE}
          nouns={NOUNS}
          leading={<InstantSellTile />}
          firstRead={preloadFetch[0]}
          headingLevel={3}
        />
      </PageSection>
    </MarketplacePage>
  );
}
