/**
 * How every app reads the API: TanStack Query on one shared QueryClient. `useList` for the list
 * calls (array or envelope, failures logged, an empty list); `useApiQuery` for a read whose error
 * the page shows; `useMarketEvents` for the market's live events (its stream's code loads once
 * the page is idle), `useLiveReads` / `useMarketBursts` to read again on them, once per burst.
 * Not in the main entry: it loads with the pages that read data.
 */
export { queryClient } from './query-client';
export { callList, hasFailed, readList } from './read-list';
export { useApiInfiniteQuery, useApiQuery } from './use-api-query';
export { useList } from './use-list';
export { useMarketEvents, type MarketEventsFilter } from './use-market-events';
export {
  eventsOf,
  everyEvent,
  LIVE_SETTLE_MS,
  useLiveReads,
  useMarketBursts,
} from './use-live-reads';
export { useUserActivity } from './use-user-activity';
