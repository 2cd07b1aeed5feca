/**
 * @hypertek/shared — the one contract between the host and the remotes. Shared as a federation
 * singleton: every app gets the same session store and event bus instance.
 */
export * from './contract';
export { bus, createEventBus, notify, requestNavigation } from './events/event-bus';
export type {
  EventBus,
  HyperTekEvents,
  NavigationRequest,
  ToastKind,
  ToastRequest,
} from './events/event-bus';
export {
  session,
  createSessionStore,
  SESSION_STORAGE_KEY,
  TOKEN_STORAGE_KEY,
} from './session/session-store';
export type { SessionStore } from './session/session-store';
export { useSession } from './session/use-session';
export { decodeToken, isTokenExpired } from './session/jwt';
export type { TokenPayload } from './session/jwt';
export {
  apiAssetUrl,
  DEFAULT_RUNTIME_CONFIG,
  getRuntimeConfig,
  loadRuntimeConfig,
  setRuntimeConfig,
} from './config/runtime-config';
export type {
  RemoteName,
  RemoteRelease,
  RuntimeConfig,
  RuntimeConfigInput,
} from './config/runtime-config';
export {
  http,
  errorMessage,
  isCancelled,
  preloadHttp,
  preloadHttpOnIntent,
} from './api/http-client';
export { firstData, forgetFirstData } from './api/first-data';
export { api } from './api/endpoints';
export type {
  Api,
  FunnelStepBeacon,
  JudgementQuery,
  PageRelease,
  ReleaseReport,
  VitalsBeacon,
} from './api/endpoints';
export { visitorId } from './field/visitor-id';
export { FUNNEL_STEP_REMOTES, reportFunnelStep } from './field/funnel';
export type { FunnelStep } from './field/funnel';
export { tokens } from './tokens/tokens';
export {
  PAYMENT_ITEM_STORAGE_KEY,
  paymentItemFrom,
  readPaymentItem,
  savePaymentItem,
  usePaymentItem,
} from './catalogue/payment-item';
export { formatDollars, formatPrice } from './format/price';
export type { PriceCurrency } from './format/price';
export { useApiImage } from './media/use-api-image';
export { usePressOutside } from './dom/use-press-outside';
export { useNearViewport } from './dom/use-near-viewport';
export { useHydrating } from './dom/use-hydrating';
export { onFirstIntent } from './dom/on-first-intent';
export {
  pageTitle,
  setDocumentHead,
  setRouteHead,
  SITE_NAME,
  useDocumentHead,
} from './dom/document-head';
export type { PageHead, ServedPageHead } from './dom/document-head';
