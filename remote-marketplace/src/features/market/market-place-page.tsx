import { ACTIVITY_ROWS, api, CARDS_PER_LIST, type ActivityEntry } from '@hypertek/shared';
import { memo, useDeferredValue, useMemo } from 'react';

import { useLiveReads } from '@hypertek/shared/data';
import { ActivityTable } from '@hypertek/shared/ui';
import { Loading } from '../../components/loading';
import { MarketplacePage } from '../../components/marketplace-page';
import { PageSection } from '../../components/page-section';
import { useFirstList, usePagedList } from '../../hooks/use-paged-list';
import { CatalogueSection } from './components/catalogue-section';
import { MarketHero } from './components/market-hero';
import { MarketFiguresSection } from './figures/market-figures-section';

const NFA_MORE = { label: 'Explore All', to: '/nfa-expand' };
const LAND_MORE = { label: 'Expand All', to: '/land' };

/** The latest activity, or its indicator until its call finishes. */
function ActivitySection({ rows, loading }: { rows: ActivityEntry[]; loading: boolean }) {
  return (
    <PageSection id="mp-section-activity" title="ACTIVITIES">
      {loading ? (
        <Loading label="Loading ACTIVITIES" />
      ) : rows.length === 0 ? (
        <p className="muted mp-note">No activity yet.</p>
      ) : (
        <ActivityTable rows={rows} caption="Latest marketplace activity" />
      )}
    </PageSection>
  );
}

// Rendered again only when what they show changes.
const Hero = memo(MarketHero);
const Section = memo(CatalogueSection);
const Activity = memo(ActivitySection);

const MARKET_READ = `/market/getMarket?limit=${CARDS_PER_LIST}`;
const LAND_READ = `/land/getland?limit=${CARDS_PER_LIST}`;
const ACTIVITY_READ = `/activity/getActivity?limit=${ACTIVITY_ROWS}`;
/** The public feed's reads: what a market event adds a row to. */
const LIVE_READS = [['paged-list', 'activity']] as const;
/**
 * The reads the page makes as it opens (scripts/rspack/prerender.mjs): the host's web server puts
 * their answers in the page, which it draws with them.
 */
export const preloadFetch = [MARKET_READ, LAND_READ, ACTIVITY_READ];

/** The first `count` items, the same array while `items` is. */
const useFirst = <T,>(items: T[], count: number): T[] =>
  useMemo(() => items.slice(0, count), [items, count]);

/**
 * /market-place, the marketplace home: hero, the first 4 NFAs and lands, the latest activity,
 * and the market figures (their code and reads wait until they come near the screen). The
 * activity feed is live: each market event (a listing, an offer, a sale…) reads it again, once
 * per burst (`useLiveReads`), without reload. The three
 * lists come with the page when the web server had them (`preloadFetch`); otherwise they load on
 * open, each with its own indicator until its call finishes.
 * Each answer is shown as a deferred update: the store's update (synchronous) keeps what is on
 * screen, and the new cards render in slices that yield to the browser, not in one long task per
 * answer.
 */
export default function MarketPlacePage() {
  const market = usePagedList('market', api.getMarket, CARDS_PER_LIST, {
    initial: useFirstList(MARKET_READ),
  });
  const lands = usePagedList('land', api.getLand, CARDS_PER_LIST, {
    initial: useFirstList(LAND_READ),
  });
  const activity = usePagedList('activity', api.getActivity, ACTIVITY_ROWS, {
    initial: useFirstList(ACTIVITY_READ),
  });
  useLiveReads(LIVE_READS);
  const nfas = useFirst(useDeferredValue(market.items), CARDS_PER_LIST);
  const nfasLoading = useDeferredValue(market.loading);
  const landItems = useFirst(useDeferredValue(lands.items), CARDS_PER_LIST);
  const landsLoading = useDeferredValue(lands.loading);
  const rows = useFirst(useDeferredValue(activity.items), ACTIVITY_ROWS);
  const rowsLoading = useDeferredValue(activity.loading);

  return (
    <MarketplacePage>
      <Hero />
      <Section
        title="NFA"
        kind="nfa"
        items={nfas}
        loading={nfasLoading}
        skeletonCount={CARDS_PER_LIST}
        more={NFA_MORE}
      />
      <Section
        title="LAND"
        kind="land"
        items={landItems}
        loading={landsLoading}
        skeletonCount={CARDS_PER_LIST}
        more={LAND_MORE}
      />
      <Activity rows={rows} loading={rowsLoading} />
      <MarketFiguresSection />
    </MarketplacePage>
  );
}
