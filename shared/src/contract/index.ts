/** The isomorphic contract (no browser APIs): safe to import from the API and from the apps. */
export * from './catalogue-item';
export * from './catalogue-query';
export * from './constants';
export * from './market';
export * from './market-events';
export * from './market-figures';
export * from './notifications';
// The wire shapes' types (their schemas, for the API, are '@hypertek/shared/contract/wire').
export type {
  MarketFigures,
  MarketFiguresAnswer,
  MarketFiguresGroup,
  SalesWindow,
} from './wire/market-figures';
export type { MarketEvent, MarketEventsAnswer } from './wire/market-events';
export type {
  Notification,
  NotificationPreference,
  NotificationPreferencesAnswer,
  NotificationPreferencesRequest,
  NotificationsAnswer,
  NotificationsReadAnswer,
  UnsubscribeAnswer,
} from './wire/notifications';
export type {
  CanaryVerdict,
  CanaryVerdictAnswer,
  FieldFiguresAnswer,
  FieldVersionFigures,
} from './wire/release-figures';
export type {
  CanaryState,
  JudgedMetric,
  ReleaseChange,
  ReleaseReportsAnswer,
  ReleaseStatus,
  ReleaseVersionFigures,
  RemoteReleaseStatus,
} from './wire/release-status';
export type {
  ReleaseToken,
  ReleaseTokenAnswer,
  ReleaseTokenMadeAnswer,
  ReleaseTokenRequest,
  ReleaseTokensAnswer,
} from './wire/release-tokens';
export type {
  WatchedItem,
  WatchlistAnswer,
  WatchRequest,
  WatchStateAnswer,
} from './wire/watchlist';
export * from './messages';
export * from './types';
export * from './validation';
// The one money format (the screens' and the API's messages'): no browser API in it.
export { formatPrice, type PriceCurrency } from '../format/price';
