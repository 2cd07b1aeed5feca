import { ACTIVITY_ROWS, api, CARDS_PER_LIST } from '@hypertek/shared';

import { ActivityTable } from '@hypertek/shared/ui';
import { Loading } from '../../components/loading';
import { MarketplacePage } from '../../components/marketplace-page';
import { PageSection } from '../../components/page-section';
import { usePagedList } from '../../hooks/use-paged-list';
import { CatalogueSection } from './components/catalogue-section';
import { MarketHero } from './components/market-hero';

/**
 * /market-place, the marketplace home: hero, the first 4 NFAs and lands, and the latest
 * activity. The three lists load on open, each with its own indicator until its call finishes.
 */
export default function MarketPlacePage() {
  const market = usePagedList('market', api.getMarket, CARDS_PER_LIST);
  const lands = usePagedList('land', api.getLand, CARDS_PER_LIST);
  const activity = usePagedList('activity', api.getActivity, ACTIVITY_ROWS);

  return (
    <MarketplacePage>
      <MarketHero />
      <CatalogueSection
        title="NFA"
        kind="nfa"
        items={market.items.slice(0, CARDS_PER_LIST)}
        loading={market.loading}
        skeletonCount={CARDS_PER_LIST}
        more={{ label: 'Explore All', to: '/nfa-expand' }}
      />
      <CatalogueSection
        title="LAND"
        kind="land"
        items={lands.items.slice(0, CARDS_PER_LIST)}
        loading={lands.loading}
        skeletonCount={CARDS_PER_LIST}
        more={{ label: 'Expand All', to: '/land' }}
      />
      <PageSection id="mp-section-activity" title="ACTIVITIES">
        {activity.loading ? (
          <Loading label="Loading ACTIVITIES" />
        ) : activity.items.length === 0 ? (
          <p className="muted mp-note">No activity yet.</p>
        ) : (
          <ActivityTable
            rows={activity.items.slice(0, ACTIVITY_ROWS)}
            caption="Latest marketplace activity"
          />
        )}
      </PageSection>
    </MarketplacePage>
  );
}
