import { api } from '@hypertek/shared';

import { MarketplacePage } from '../../components/marketplace-page';
import { FIRST_ROW_CARDS } from '../../components/buy-card';
import { PageSection } from '../../components/page-section';
import { CatalogueBrowser } from '../../components/catalogue/catalogue-browser';
import { InstantSellTile } from '../../components/instant-sell/instant-sell-tile';

/** Lands of the first page: with the Instant Sell tile the first page fills five rows of four. */
export const LAND_PAGE_SIZE = 19;

/**
 * The read the page makes when it opens: the host's server asks for it with the page's HTML. It is
 * the first page of the list without sort or filters (a link with a query reads its own).
 */
export const preloadFetch = [`/land/getland?limit=${LAND_PAGE_SIZE}`];

/** The lands of the first row (after the Instant Sell tile): their art is preloaded with the HTML. */
export const preloadImages = FIRST_ROW_CARDS - 1;

const NOUNS = { plural: 'lands', singular: 'land', loading: 'Loading Lands' };

/**
 * /land: every land parcel in a grid, 'Instant Sell' first, the others linking to their
 * /buy-land page. Sorted and filtered by the URL's query; more lands load as the visitor scrolls.
 */
export default function LandPage() {
  return (
    <MarketplacePage>
      <PageSection
        id="mp-lands-title"
        title="Lands"
        level={1}
        intro="Parcels across the colonies of 2117, ready to claim."
      >
        <CatalogueBrowser
          kind="land"
          fetch={api.getLand}
          firstPage={LAND_PAGE_SIZE}
          nouns={NOUNS}
          leading={<InstantSellTile kind="land" headingLevel={2} />}
          firstRead={preloadFetch[0]}
          headingLevel={2}
        />
      </PageSection>
    </MarketplacePage>
  );
}
