/** One typed function per call (docs/product.md, API calls). Apps build their hooks on these. */
import type {
  ActivityEntry,
  AuthResponse,
  CardPaymentRequest,
  CardPaymentResponse,
  CatalogueItem,
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  ForgotPasswordPayload,
  ItemSale,
  ListResponse,
  LoginPayload,
  PaymentHistoryEntry,
  PaymentIntentView,
  PaymentProviderMode,
  PurchaseCheckRequest,
  PurchaseCheckResponse,
  ResetPasswordPayload,
  SandboxCardDetails,
  SandboxPaymentIntent,
  SandboxPaymentMethod,
  SearchHit,
  SearchResult,
  SignupPayload,
  User,
  WalletNonceResponse,
} from '../contract/types';
import type { CatalogueQuery } from '../contract/catalogue-query';
import type { ItemKind } from '../contract/constants';
import type { MarketFiguresAnswer } from '../contract/wire/market-figures';
import type { CanaryVerdictAnswer, FieldFiguresAnswer } from '../contract/wire/release-figures';
import type {
  ReleaseTokenAnswer,
  ReleaseTokenMadeAnswer,
  ReleaseTokenRequest,
  ReleaseTokensAnswer,
} from '../contract/wire/release-tokens';
import type {
  NotificationPreferencesAnswer,
  NotificationPreferencesRequest,
  NotificationsAnswer,
  NotificationsReadAnswer,
} from '../contract/wire/notifications';
import type { WatchlistAnswer, WatchRequest, WatchStateAnswer } from '../contract/wire/watchlist';
import type {
  FAILURE_STAGES,
  FUNNEL_STEPS,
  RELEASE_CHANNELS,
  REMOTE_NAMES,
  REPORT_OUTCOMES,
  WEB_VITALS,
} from '../contract/release-words.mjs';
import { getRuntimeConfig } from '../config/runtime-config';
import type {
  BalanceAnswer,
  CancelListingsAnswer,
  CreateListingRequest,
  CreateOfferRequest,
  ListingAnswer,
  ListingsAnswer,
  OfferAnswer,
  OffersAnswer,
} from '../contract/market';
import { http } from './http-client';

interface Page {
  limit?: number;
  cursor?: string;
}
type Options = { signal?: AbortSignal };

/**
 * Public catalogue reads go without the session's token: the same request for every visitor, so
 * the one the page's HTML preloads (see server/src/compose/first-reads.ts) serves it, signed in or not.
 * (`false` tells axios to send no Authorization header.)
 */
const PUBLIC = { headers: { Authorization: false } } as const;

export const api = {
  signup: (body: SignupPayload) =>
    http.post<AuthResponse>('/user/signup', body).then((r) => r.data),
  login: (body: LoginPayload) => http.post<AuthResponse>('/user/login', body).then((r) => r.data),
  google: (token: string) => http.post<AuthResponse>('/user/google', { token }).then((r) => r.data),
  discord: (code: string) => http.post<AuthResponse>('/user/discord', { code }).then((r) => r.data),
  /** The message a wallet signs to sign in: single use, bound to this site, valid 5 minutes. */
  metamaskNonce: (address: string) =>
    http.post<WalletNonceResponse>('/user/MetaMask/nonce', { address }).then((r) => r.data),
  metamask: (body: { address: string; signature: string; message: string }) =>
    http
      .post<AuthResponse>('/user/MetaMask', body, {
        headers: { 'Content-Type': 'application/json' },
      })
      .then((r) => r.data),
  forgotPassword: (body: ForgotPasswordPayload) =>
    http
      .post<{ success: boolean; message: string }>('/user/forgot-password', body)
      .then((r) => r.data),
  resetPassword: (token: string, body: ResetPasswordPayload) =>
    http
      .post<{ success: boolean; message: string }>(
        `/user/reset-password/${encodeURIComponent(token)}`,
        body,
      )
      .then((r) => r.data),

  search: (query: string, options: Options = {}) =>
    http
      .get<SearchResult & { success: boolean }>('/search/search', {
        params: { query },
        signal: options.signal,
      })
      .then((r) => r.data),
  searchItem: (id: string, options: Options = {}) =>
    http
      .get<{ success: boolean; data: SearchHit & Partial<CatalogueItem> }>(
        `/search/item/${encodeURIComponent(id)}`,
        { signal: options.signal },
      )
      .then((r) => r.data),

  getMarket: (page: CatalogueQuery = {}, options: Options = {}) =>
    http
      .get<ListResponse<CatalogueItem>>('/market/getMarket', {
        ...PUBLIC,
        params: page,
        signal: options.signal,
      })
      .then((r) => r.data),
  getLand: (page: CatalogueQuery = {}, options: Options = {}) =>
    http
      .get<ListResponse<CatalogueItem>>('/land/getland', {
        ...PUBLIC,
        params: page,
        signal: options.signal,
      })
      .then((r) => r.data),
  getActivity: (page: Page = {}, options: Options = {}) =>
    http
      .get<ListResponse<ActivityEntry>>('/activity/getActivity', {
        ...PUBLIC,
        params: page,
        signal: options.signal,
      })
      .then((r) => r.data),
  /**
   * The market figures of NFAs or lands and of each category or region: floor, owners, sales,
   * volume and average price over 24 h, 7 d and 30 d, and a daily series for a chart.
   */
  getMarketFigures: (kind: ItemKind, options: Options = {}) =>
    http
      .get<MarketFiguresAnswer>('/market/figures', {
        ...PUBLIC,
        params: { kind },
        signal: options.signal,
      })
      .then((r) => r.data),
  /** The sales of one item, newest first. */
  getItemActivity: (id: string, page: Page = {}, options: Options = {}) =>
    http
      .get<ListResponse<ItemSale>>(`/activity/item/${encodeURIComponent(id)}`, {
        params: page,
        signal: options.signal,
      })
      .then((r) => r.data),
  getUserActivity: (userId: string, options: Options = {}) =>
    http
      .get<ListResponse<ActivityEntry>>(`/activity/${encodeURIComponent(userId)}`, {
        signal: options.signal,
      })
      .then((r) => r.data),

  checkPurchase: (body: PurchaseCheckRequest) =>
    http.post<PurchaseCheckResponse>('/game/create', body).then((r) => r.data),
  getHistory: (userId: string, options: Options = {}) =>
    http
      .get<ListResponse<PaymentHistoryEntry>>(`/history/history/${encodeURIComponent(userId)}`, {
        signal: options.signal,
      })
      .then((r) => r.data),

  // Card payments. Declines and refusals reject (axios error) with `response.data.error` set.
  payWithCard: (body: CardPaymentRequest) =>
    http.post<CardPaymentResponse>('/card/pay-with-card', body).then((r) => r.data),
  createPaymentIntent: (body: CreatePaymentIntentRequest) =>
    http
      .post<CreatePaymentIntentResponse>('/payment/create-payment-intent', body)
      .then((r) => r.data),
  getPaymentIntent: (id: string, options: Options = {}) =>
    http
      .get<{ success: boolean; message?: string; paymentIntent: PaymentIntentView }>(
        `/payment/payment-intent/${encodeURIComponent(id)}`,
        { signal: options.signal },
      )
      .then((r) => r.data),
  getPaymentConfig: (options: Options = {}) =>
    http
      .get<{ success: boolean; provider: PaymentProviderMode }>('/payment/config', {
        signal: options.signal,
      })
      .then((r) => r.data),
  /** The items `userId` has paid for, newest purchase first. */
  getCollection: (
    userId: string,
    query: Page & { kind?: CatalogueItem['kind'] } = {},
    options: Options = {},
  ) =>
    http
      .get<ListResponse<CatalogueItem>>(`/collection/${encodeURIComponent(userId)}`, {
        params: query,
        signal: options.signal,
      })
      .then((r) => r.data),
  /**
   * What Stripe.js does in the browser, for the offline sandbox provider (the API serves these
   * only while no Stripe key is configured). WARNING: the card number and CVC pass through
   * `createPaymentMethod` only; never log or store them.
   */
  sandboxPayments: {
    createPaymentMethod: (card: SandboxCardDetails) =>
      http.post<SandboxPaymentMethod>('/payment/sandbox/payment-methods', card).then((r) => r.data),
    confirmPaymentIntent: (id: string, body: { client_secret: string; payment_method: string }) =>
      http
        .post<SandboxPaymentIntent>(
          `/payment/sandbox/payment-intents/${encodeURIComponent(id)}/confirm`,
          body,
        )
        .then((r) => r.data),
    authenticatePaymentIntent: (
      id: string,
      body: { client_secret: string; outcome: 'complete' | 'fail' },
    ) =>
      http
        .post<SandboxPaymentIntent>(
          `/payment/sandbox/payment-intents/${encodeURIComponent(id)}/authenticate`,
          body,
        )
        .then((r) => r.data),
  },

  // The market (docs/product.md, The market). Every call acts as the bearer token's user.
  market: {
    /** The text a wallet account signs to list an item (optional for other accounts). */
    listingMessage: (body: CreateListingRequest) =>
      http
        .post<{ success: boolean; message: string }>('/market/listings/message', body)
        .then((r) => r.data),
    list: (body: CreateListingRequest) =>
      http.post<ListingAnswer>('/market/listings', body).then((r) => r.data),
    reprice: (listingId: string, price: number) =>
      http
        .patch<ListingAnswer>(`/market/listings/${encodeURIComponent(listingId)}`, { price })
        .then((r) => r.data),
    /** Cancels each listing it can; `results` says per row what became of it. */
    cancelListings: (ids: readonly string[]) =>
      http.post<CancelListingsAnswer>('/market/listings/cancel', { ids }).then((r) => r.data),
    /** The user's listings, newest first: active ones, then ended ones (`status: 'all'`). */
    listings: (
      userId: string,
      query: Page & { status?: 'active' | 'all' } = {},
      options: Options = {},
    ) =>
      http
        .get<ListingsAnswer>(`/market/listings/user/${encodeURIComponent(userId)}`, {
          params: query,
          signal: options.signal,
        })
        .then((r) => r.data),
    offer: (body: CreateOfferRequest) =>
      http.post<OfferAnswer>('/market/offers', body).then((r) => r.data),
    /** Offers on the user's items: open and accepted ones, newest first. */
    offersReceived: (userId: string, options: Options = {}) =>
      http
        .get<OffersAnswer>(`/market/offers/received/${encodeURIComponent(userId)}`, {
          signal: options.signal,
        })
        .then((r) => r.data),
    /** The user's own offers, newest first, whatever their status. */
    offersMade: (userId: string, options: Options = {}) =>
      http
        .get<OffersAnswer>(`/market/offers/made/${encodeURIComponent(userId)}`, {
          signal: options.signal,
        })
        .then((r) => r.data),
    acceptOffer: (offerId: string) =>
      http
        .post<OfferAnswer>(`/market/offers/${encodeURIComponent(offerId)}/accept`, {})
        .then((r) => r.data),
    declineOffer: (offerId: string) =>
      http
        .post<OfferAnswer>(`/market/offers/${encodeURIComponent(offerId)}/decline`, {})
        .then((r) => r.data),
    cancelOffer: (offerId: string) =>
      http
        .post<OfferAnswer>(`/market/offers/${encodeURIComponent(offerId)}/cancel`, {})
        .then((r) => r.data),
    balance: (userId: string, options: Options = {}) =>
      http
        .get<BalanceAnswer>(`/market/balance/${encodeURIComponent(userId)}`, {
          signal: options.signal,
        })
        .then((r) => r.data),
  },

  // The caller's notifications (docs/product.md, Notifications).
  notifications: {
    /** Newest first, a page at a time (`cursor`: the previous page's nextCursor), and the unread count. */
    list: (page: Page = {}, options: Options = {}) =>
      http
        .get<NotificationsAnswer>('/notifications', { params: page, signal: options.signal })
        .then((r) => r.data),
    read: (id: string) =>
      http
        .post<NotificationsReadAnswer>(`/notifications/${encodeURIComponent(id)}/read`, {})
        .then((r) => r.data),
    readAll: () =>
      http.post<NotificationsReadAnswer>('/notifications/read-all', {}).then((r) => r.data),
    preferences: (options: Options = {}) =>
      http
        .get<NotificationPreferencesAnswer>('/notifications/preferences', {
          signal: options.signal,
        })
        .then((r) => r.data),
    /** Changes only what it names: kinds' switches, the minimum offer (null: none). */
    changePreferences: (body: NotificationPreferencesRequest) =>
      http
        .patch<NotificationPreferencesAnswer>('/notifications/preferences', body)
        .then((r) => r.data),
  },

  // The caller's watchlist (docs/product.md, Watchlist).
  watchlist: {
    /** Newest first, a page at a time, each item with its price and status now. */
    list: (page: Page = {}, options: Options = {}) =>
      http
        .get<WatchlistAnswer>('/watchlist', { params: page, signal: options.signal })
        .then((r) => r.data),
    /** Whether the caller watches the item (the item page's star), and their alert price. */
    state: (itemId: string, options: Options = {}) =>
      http
        .get<WatchStateAnswer>(`/watchlist/${encodeURIComponent(itemId)}`, {
          signal: options.signal,
        })
        .then((r) => r.data),
    /** Watches the item, or changes its alert price (null: none). */
    watch: (itemId: string, body: WatchRequest = {}) =>
      http
        .put<WatchStateAnswer>(`/watchlist/${encodeURIComponent(itemId)}`, body)
        .then((r) => r.data),
    unwatch: (itemId: string) =>
      http.delete<WatchStateAnswer>(`/watchlist/${encodeURIComponent(itemId)}`).then((r) => r.data),
  },

  releases: {
    /**
     * The host's report that a remote's release loaded or failed for a visitor. Sent with
     * `fetch(…, { keepalive })`, not the HTTP client: it must survive the page being left, and
     * the page must not load the client for it. Best effort: a report that cannot be sent
     * resolves `{ success: false }`.
     */
    report: (report: ReleaseReport): Promise<{ success: boolean }> =>
      fetch(`${apiBase()}/releases/reports`, {
        method: 'POST',
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(report),
      }).then(
        (response) => ({ success: response.ok }),
        () => ({ success: false }),
      ),
    /**
     * The host's beacon of a page view's Web Vitals, at page hide (`navigator.sendBeacon`, which
     * outlives the page). `success`: the browser queued it.
     */
    vitals: (beacon: VitalsBeacon): Promise<{ success: boolean }> =>
      sendBeacon('/releases/vitals', beacon),
    /** A funnel step a visitor reached (`reportFunnelStep` sends it), as a beacon too. */
    funnel: (beacon: FunnelStepBeacon): Promise<{ success: boolean }> =>
      sendBeacon('/releases/funnel', beacon),
    /**
     * Each version of a remote with field data, per channel: page views, visitors, each vital's
     * p75 and the funnel (the console; a staff sign-in).
     */
    field: (remote: (typeof REMOTE_NAMES)[number], options: Options = {}) =>
      http
        .get<FieldFiguresAnswer>('/releases/field', { params: { remote }, signal: options.signal })
        .then((r) => r.data),
    /** The canary judge's verdict on a running canary against live (the console). */
    judgement: (query: JudgementQuery, options: Options = {}) =>
      http
        .get<CanaryVerdictAnswer>('/releases/judgement', { params: query, signal: options.signal })
        .then((r) => r.data),
  },

  // Release tokens scoped to one remote, for pipelines (the console; a staff sign-in).
  releaseTokens: {
    /** The tokens of the remotes the caller's role may act on, newest first, and those remotes. */
    list: (options: Options = {}) =>
      http
        .get<ReleaseTokensAnswer>('/releases/tokens', { signal: options.signal })
        .then((r) => r.data),
    /** Makes a token: its secret is in this answer only. */
    create: (body: ReleaseTokenRequest) =>
      http.post<ReleaseTokenMadeAnswer>('/releases/tokens', body).then((r) => r.data),
    /** Revokes a token: the release endpoint refuses it from now on. */
    revoke: (id: string) =>
      http
        .delete<ReleaseTokenAnswer>(`/releases/tokens/${encodeURIComponent(id)}`)
        .then((r) => r.data),
  },

  getProfile: (options: Options = {}) =>
    http
      .get<{ success: boolean; user: User }>('/getProfile', { signal: options.signal })
      .then((r) => r.data),
  updateProfile: (form: FormData) =>
    http
      // `token` comes back when the password changed: older tokens are revoked by the server.
      .put<{ success: boolean; user: User; token?: string; message?: string }>('/profile', form)
      .then((r) => r.data),
};

export type Api = typeof api;

/** The API's base URL without a trailing slash. */
const apiBase = () => getRuntimeConfig().apiBaseUrl.replace(/\/+$/, '');

/**
 * `navigator.sendBeacon` with the body as `text/plain` JSON (a simple request: no CORS
 * preflight, which a page being left would not wait for). Never throws: a beacon the browser
 * refuses or cannot send resolves `{ success: false }`.
 */
function sendBeacon(path: string, body: unknown): Promise<{ success: boolean }> {
  try {
    const blob = new Blob([JSON.stringify(body)], { type: 'text/plain' });
    return Promise.resolve({ success: navigator.sendBeacon(`${apiBase()}${path}`, blob) });
  } catch {
    return Promise.resolve({ success: false });
  }
}

/** The release of one remote on a page, as the field beacons name it. */
export interface PageRelease {
  remote: (typeof REMOTE_NAMES)[number];
  version: string;
  channel: (typeof RELEASE_CHANNELS)[number];
}

/** One page view's Web Vitals (`api.releases.vitals`); see host/src/lib/field-vitals.ts. */
export interface VitalsBeacon {
  visitor: string;
  /** The route's path without its query or parameters, e.g. `/funnel-page`. */
  route: string;
  releases: PageRelease[];
  vitals: Partial<Record<(typeof WEB_VITALS)[number], number>>;
  /** The remote whose script handled the page's INP interaction, when the browser says so. */
  inpRemote?: (typeof REMOTE_NAMES)[number];
}

/** A funnel step a visitor reached (`api.releases.funnel`). */
export interface FunnelStepBeacon {
  visitor: string;
  step: (typeof FUNNEL_STEPS)[number];
  releases: PageRelease[];
}

/** What the canary judge is asked (`api.releases.judgement`). */
export interface JudgementQuery {
  remote: (typeof REMOTE_NAMES)[number];
  canary: string;
  live: string;
  percent: number;
  /** Only data since (the canary's start), ISO 8601. */
  since?: string;
}

/** What the host reports of a remote's release for a visitor (`api.releases.report`). */
export interface ReleaseReport {
  remote: (typeof REMOTE_NAMES)[number];
  version: string;
  channel: (typeof RELEASE_CHANNELS)[number];
  outcome: (typeof REPORT_OUTCOMES)[number];
  stage?: (typeof FAILURE_STAGES)[number];
  visitor: string;
  message?: string;
}
