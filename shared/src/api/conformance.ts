/**
 * The front end's calls checked against the API's OpenAPI document, by the type checker alone
 * (nothing here runs; nothing imports this file).
 *
 * `./openapi.generated.ts` holds the document's types (openapi-typescript's `paths`), written by
 * scripts/api-types.mjs from the document the API serves, first thing in this package's
 * `typecheck` (git-ignored; written again whenever the API's sources change). Below, every
 * function of `api` (./endpoints.ts) names the route it calls and what it sends besides path
 * parameters, and the checks hold:
 *
 * - **answers**: the route's documented success answer (2xx, JSON) is assignable to the type the
 *   function gives back: every field the front end reads exists, with a compatible type; every
 *   documented refusal or error is `{ success: false, message }` (`errorMessage` shows `message`);
 * - **bodies and queries**: what the function sends is assignable to the documented request body
 *   and query parameters (a number or boolean goes as text in a query), and names no field the
 *   document does not;
 * - **coverage**: every function of `api` has its row and every row a function; every route a
 *   row names exists with that method.
 *
 * So a change to an API schema that the front end does not follow fails `typecheck` here, and
 * the error names the function, the route and the field: `Type '"getMarket: GET
 * /market/getMarket"' does not satisfy the constraint 'never'`, then `The types of '"getMarket:
 * GET /market/getMarket".data' are incompatible … Property 'serialNumber' is missing …`. Follow
 * the change in the front end's types (or fix the API, when it is the one that is wrong).
 *
 * `known` lists the gaps between the two that are known and not yet closed, each with its reason;
 * a gap that closes fails the check until its line is removed.
 */
import type { Api } from './endpoints';
import type { paths } from './openapi.generated';

// ---- the document, as the client sees it: paths under the API's base URL (…/api/v1) ----------

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type BasePaths = {
  [P in keyof paths as P extends `/api/v1${infer Path}` ? Path : never]: paths[P];
};
/** Every documented call, `'GET /market/getMarket'`: a method and a path under the base URL. */
export type DocumentedCall = {
  [P in keyof BasePaths]: {
    [M in Method]: BasePaths[P][M] extends undefined ? never : `${Uppercase<M>} ${P & string}`;
  }[Method];
}[keyof BasePaths];

type Operation<C> = C extends `${infer M} ${infer P}`
  ? P extends keyof BasePaths
    ? Lowercase<M> extends Method
      ? NonNullable<BasePaths[P][Lowercase<M>]>
      : never
    : never
  : never;
type Json<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;
/** The JSON answers of a call's success statuses (never when it has none). */
type DocumentedAnswer<C> =
  Operation<C> extends { responses: infer R }
    ? { [S in keyof R]: S extends SuccessStatus ? Json<R[S]> : never }[keyof R]
    : never;
/** The JSON answers of a call's other statuses: its refusals and errors. */
type DocumentedErrors<C> =
  Operation<C> extends { responses: infer R }
    ? { [S in keyof R]: S extends SuccessStatus ? never : Json<R[S]> }[keyof R]
    : never;
/** The JSON request body; `undefined` too when it may be left out (as when there is none). */
type DocumentedBody<C> = Operation<C> extends { requestBody?: infer B } ? BodyOf<B> : undefined;
type BodyOf<B> = undefined extends B ? Json<NonNullable<B>> | undefined : Json<B>;
type DocumentedQuery<C> =
  Operation<C> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
/** A query string is text: a documented text parameter takes a number or a boolean as its text. */
type Sendable<Q> = { [K in keyof Q]: string extends Q[K] ? Q[K] | number | boolean : Q[K] };

// ---- the front end's side: the functions of `api` ---------------------------------------------

type AnyCall = (...args: never[]) => Promise<unknown>;
/** The functions of `api`, by name: `'getMarket'`, `'market.list'`, … */
type ApiFunction<T = Api, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends AnyCall
    ? `${Prefix}${K}`
    : ApiFunction<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type At<N extends string, T = Api> = N extends `${infer Group}.${infer Rest}`
  ? Group extends keyof T
    ? At<Rest, T[Group]>
    : never
  : N extends keyof T
    ? T[N]
    : never;
/** What the function gives back: the answer as the front end reads it. */
type AnswerOf<N extends string> = At<N> extends AnyCall ? Awaited<ReturnType<At<N>>> : never;
/** Argument `I` of the function, as it may be passed. */
type Arg<N extends string, I extends number> =
  At<N> extends (...args: infer A) => unknown ? NonNullable<A[I]> : never;

interface Known {
  /** Fields (paths: `payment.provider`) the document types more loosely than the front end reads them. */
  looserAnswer?: readonly string[];
  /** Query parameters the front end's type allows that the document does not name. */
  undocumentedQuery?: string;
}

/**
 * Each function of `api`: the call it makes, its JSON body and its query parameters (none when
 * left out). `multipart: true`: the body is a FormData the page fills in, which no type follows.
 */
interface Calls {
  signup: { call: 'POST /user/signup'; body: Arg<'signup', 0> };
  login: { call: 'POST /user/login'; body: Arg<'login', 0> };
  google: { call: 'POST /user/google'; body: { token: Arg<'google', 0> } };
  discord: { call: 'POST /user/discord'; body: { code: Arg<'discord', 0> } };
  metamaskNonce: { call: 'POST /user/MetaMask/nonce'; body: { address: Arg<'metamaskNonce', 0> } };
  metamask: { call: 'POST /user/MetaMask'; body: Arg<'metamask', 0> };
  forgotPassword: { call: 'POST /user/forgot-password'; body: Arg<'forgotPassword', 0> };
  resetPassword: { call: 'POST /user/reset-password/{token}'; body: Arg<'resetPassword', 1> };

  search: { call: 'GET /search/search'; query: { query: Arg<'search', 0> } };
  searchItem: { call: 'GET /search/item/{id}' };
  getMarket: {
    call: 'GET /market/getMarket';
    query: Arg<'getMarket', 0>;
    // One CatalogueQuery type serves both lists, and the marketplace sets only the list's own
    // attributes (its filter bar reads them per kind); the API answers 400 to another kind's.
    known: { undocumentedQuery: 'region' | 'size' };
  };
  getLand: {
    call: 'GET /land/getland';
    query: Arg<'getLand', 0>;
    known: { undocumentedQuery: 'rarity' | 'category' };
  };
  getActivity: { call: 'GET /activity/getActivity'; query: Arg<'getActivity', 0> };
  getMarketFigures: { call: 'GET /market/figures'; query: { kind: Arg<'getMarketFigures', 0> } };
  getItemActivity: { call: 'GET /activity/item/{id}'; query: Arg<'getItemActivity', 1> };
  getUserActivity: { call: 'GET /activity/{userId}' };

  checkPurchase: { call: 'POST /game/create'; body: Arg<'checkPurchase', 0> };
  getHistory: { call: 'GET /history/history/{userId}' };
  payWithCard: {
    call: 'POST /card/pay-with-card';
    body: Arg<'payWithCard', 0>;
  };
  createPaymentIntent: {
    call: 'POST /payment/create-payment-intent';
    body: Arg<'createPaymentIntent', 0>;
  };
  getPaymentIntent: {
    call: 'GET /payment/payment-intent/{id}';
  };
  getPaymentConfig: { call: 'GET /payment/config' };
  getCollection: { call: 'GET /collection/{userId}'; query: Arg<'getCollection', 1> };
  'sandboxPayments.createPaymentMethod': {
    call: 'POST /payment/sandbox/payment-methods';
    body: Arg<'sandboxPayments.createPaymentMethod', 0>;
  };
  'sandboxPayments.confirmPaymentIntent': {
    call: 'POST /payment/sandbox/payment-intents/{id}/confirm';
    body: Arg<'sandboxPayments.confirmPaymentIntent', 1>;
  };
  'sandboxPayments.authenticatePaymentIntent': {
    call: 'POST /payment/sandbox/payment-intents/{id}/authenticate';
    body: Arg<'sandboxPayments.authenticatePaymentIntent', 1>;
  };

  'market.listingMessage': {
    call: 'POST /market/listings/message';
    body: Arg<'market.listingMessage', 0>;
  };
  'market.list': { call: 'POST /market/listings'; body: Arg<'market.list', 0> };
  'market.reprice': {
    call: 'PATCH /market/listings/{id}';
    body: { price: Arg<'market.reprice', 1> };
  };
  'market.cancelListings': {
    call: 'POST /market/listings/cancel';
    // Sent as it is; the document's arrays are mutable types, so the element type is compared.
    body: { ids: Arg<'market.cancelListings', 0>[number][] };
  };
  'market.listings': {
    call: 'GET /market/listings/user/{userId}';
    query: Arg<'market.listings', 1>;
  };
  'market.offer': { call: 'POST /market/offers'; body: Arg<'market.offer', 0> };
  'market.offersReceived': { call: 'GET /market/offers/received/{userId}' };
  'market.offersMade': { call: 'GET /market/offers/made/{userId}' };
  'market.acceptOffer': { call: 'POST /market/offers/{id}/accept' };
  'market.declineOffer': { call: 'POST /market/offers/{id}/decline' };
  'market.cancelOffer': { call: 'POST /market/offers/{id}/cancel' };
  'market.balance': { call: 'GET /market/balance/{userId}' };

  'notifications.list': { call: 'GET /notifications'; query: Arg<'notifications.list', 0> };
  'notifications.read': { call: 'POST /notifications/{id}/read' };
  'notifications.readAll': { call: 'POST /notifications/read-all' };
  'notifications.preferences': { call: 'GET /notifications/preferences' };
  'notifications.changePreferences': {
    call: 'PATCH /notifications/preferences';
    body: Arg<'notifications.changePreferences', 0>;
  };

  'watchlist.list': { call: 'GET /watchlist'; query: Arg<'watchlist.list', 0> };
  'watchlist.state': { call: 'GET /watchlist/{itemId}' };
  'watchlist.watch': { call: 'PUT /watchlist/{itemId}'; body: Arg<'watchlist.watch', 1> };
  'watchlist.unwatch': { call: 'DELETE /watchlist/{itemId}' };

  'releases.report': { call: 'POST /releases/reports'; body: Arg<'releases.report', 0> };
  'releases.vitals': { call: 'POST /releases/vitals'; body: Arg<'releases.vitals', 0> };
  'releases.funnel': { call: 'POST /releases/funnel'; body: Arg<'releases.funnel', 0> };
  'releases.field': { call: 'GET /releases/field'; query: { remote: Arg<'releases.field', 0> } };
  'releases.judgement': { call: 'GET /releases/judgement'; query: Arg<'releases.judgement', 0> };

  'releaseTokens.list': { call: 'GET /releases/tokens' };
  'releaseTokens.create': { call: 'POST /releases/tokens'; body: Arg<'releaseTokens.create', 0> };
  'releaseTokens.revoke': { call: 'DELETE /releases/tokens/{id}' };

  getProfile: { call: 'GET /getProfile' };
  updateProfile: { call: 'PUT /profile'; multipart: true };
}

// ---- type helpers ---------------------------------------------------------------------------

/** Holds when `Actual` is assignable to `Expected`; else tsc says where they differ. */
type Conforms<Expected, Actual extends Expected> = Actual;
/** Holds when `T` is `never`; else tsc prints `T`: the names of what failed. */
type NoneOf<T extends never> = T;

/** The type at `Path` (`payment.provider`; arrays are passed through) in each member of `T`. */
type Get<T, Path extends string> = T extends readonly (infer E)[]
  ? Get<E, Path>
  : T extends object
    ? Path extends `${infer K}.${infer Rest}`
      ? K extends keyof T
        ? Get<NonNullable<T[K]>, Rest>
        : never
      : Path extends keyof T
        ? T[Path]
        : never
    : never;
/** `T` with the type at `Path` replaced by `V` (in each member and element that has it). */
type SetAt<T, Path extends string, V> = T extends readonly (infer E)[]
  ? SetAt<E, Path, V>[]
  : T extends object
    ? Path extends `${infer K}.${infer Rest}`
      ? { [P in keyof T]: P extends K ? SetAt<T[P], Rest, V> : T[P] }
      : { [P in keyof T]: P extends Path ? V : T[P] }
    : T;
/** `T` with each of `Paths` typed as the front end's `Front` types it. */
type Trusting<T, Paths, Front> = Paths extends readonly [
  infer P extends string,
  ...infer Rest extends readonly string[],
]
  ? Trusting<SetAt<T, P, Get<Front, P>>, Rest, Front>
  : T;
type Without<Paths, X> = Paths extends readonly [infer P, ...infer Rest]
  ? P extends X
    ? Without<Rest, X>
    : [P, ...Without<Rest, X>]
  : [];
type Readable<Documented, Front> = [Documented] extends [Front] ? true : false;

// ---- the rows, as the checks read them --------------------------------------------------------

type CallOf<N extends keyof Calls> = Calls[N]['call'];
/** How errors name a row: the function and its call. */
type Label<N extends keyof Calls> = `${N}: ${CallOf<N>}`;
type KnownOf<N extends keyof Calls> = Calls[N] extends { known: infer K extends Known } ? K : Known;
type LooserPaths<N extends keyof Calls> =
  KnownOf<N> extends { looserAnswer: infer P extends readonly string[] } ? P : [];
type UndocumentedQuery<N extends keyof Calls> =
  KnownOf<N> extends { undocumentedQuery: infer Q extends string } ? Q : never;

/** The documented answer, with the known looser fields typed as the front end reads them. */
type AnswerAsTrusted<N extends keyof Calls> = Trusting<
  DocumentedAnswer<CallOf<N>>,
  LooserPaths<N>,
  AnswerOf<N>
>;
type SentBody<N extends keyof Calls> = Calls[N] extends { multipart: true }
  ? DocumentedBody<CallOf<N>>
  : Calls[N] extends { body: infer B }
    ? B
    : undefined;
type SentQuery<N extends keyof Calls> = Calls[N] extends { query: infer Q }
  ? Omit<Q, UndocumentedQuery<N>>
  : undefined;
type QueryAccepting<N extends keyof Calls> = Sendable<DocumentedQuery<CallOf<N>>> | undefined;
/** Fields of what is sent that the document does not name (never when there are none). */
type Undocumented<Sent, Documented> = Sent extends object
  ? Exclude<keyof Sent, Documented extends object ? keyof Documented : never>
  : never;

// ---- the checks ---------------------------------------------------------------------------------

/** Every function of `api` has a row, and every row is a function of `api`. */
export type EveryFunctionHasARow = Conforms<Record<ApiFunction, unknown>, Calls>;
export type EveryRowIsAFunction = Conforms<
  Record<keyof Calls, unknown>,
  Record<ApiFunction, unknown>
>;
/** Every row's call is a documented route with that method. */
export type EveryCallIsDocumented = Conforms<Record<keyof Calls, { call: DocumentedCall }>, Calls>;

/** The calls whose documented answer the front end cannot read as it expects (or that have none). */
export type CallsWhoseAnswerDiffers = NoneOf<
  {
    [N in keyof Calls]: [DocumentedAnswer<CallOf<N>>] extends [never]
      ? Label<N>
      : Readable<AnswerAsTrusted<N>, AnswerOf<N>> extends true
        ? never
        : Label<N>;
  }[keyof Calls]
>;
/** The same, field by field (tsc names the first field that differs). */
export type AnswersConform = Conforms<
  { [N in keyof Calls as Label<N>]: AnswerOf<N> },
  { [N in keyof Calls as Label<N>]: AnswerAsTrusted<N> }
>;

/** Every refusal and error the API documents says why in `message` (what `errorMessage` shows). */
export type CallsWhoseErrorsSayNoMessage = NoneOf<
  {
    [N in keyof Calls]: [DocumentedErrors<CallOf<N>>] extends [{ success: false; message: string }]
      ? never
      : Label<N>;
  }[keyof Calls]
>;

/** The calls whose body is not one the API documents. */
export type CallsWhoseBodyDiffers = NoneOf<
  {
    [N in keyof Calls]: [SentBody<N>] extends [DocumentedBody<CallOf<N>>] ? never : Label<N>;
  }[keyof Calls]
>;
export type BodiesConform = Conforms<
  { [N in keyof Calls as Label<N>]: DocumentedBody<CallOf<N>> },
  { [N in keyof Calls as Label<N>]: SentBody<N> }
>;
export type BodiesNameOnlyDocumentedFields = NoneOf<
  {
    [N in keyof Calls]: Undocumented<SentBody<N>, DocumentedBody<CallOf<N>>> extends never
      ? never
      : `${Label<N>} sends ${Undocumented<SentBody<N>, DocumentedBody<CallOf<N>>> & string}, which the document does not name`;
  }[keyof Calls]
>;

/** The calls whose query parameters are not ones the API documents. */
export type CallsWhoseQueryDiffers = NoneOf<
  {
    [N in keyof Calls]: [SentQuery<N>] extends [QueryAccepting<N>] ? never : Label<N>;
  }[keyof Calls]
>;
export type QueriesConform = Conforms<
  { [N in keyof Calls as Label<N>]: QueryAccepting<N> },
  { [N in keyof Calls as Label<N>]: SentQuery<N> }
>;
export type QueriesNameOnlyDocumentedParameters = NoneOf<
  {
    [N in keyof Calls]: Undocumented<SentQuery<N>, DocumentedQuery<CallOf<N>>> extends never
      ? never
      : `${Label<N>} may send ?${Undocumented<SentQuery<N>, DocumentedQuery<CallOf<N>>> & string}, which the document does not name`;
  }[keyof Calls]
>;

/** Known gaps that have closed: their lines in `known` are to be removed. */
export type KnownLooserAnswersStillLoose = NoneOf<
  {
    [N in keyof Calls]: {
      [I in keyof LooserPaths<N>]: LooserPaths<N>[I] extends infer P extends string
        ? Readable<
            Trusting<DocumentedAnswer<CallOf<N>>, Without<LooserPaths<N>, P>, AnswerOf<N>>,
            AnswerOf<N>
          > extends true
          ? `${Label<N>}: the document now types ${P} as the front end reads it: remove it from known.looserAnswer`
          : never
        : never;
    }[number];
  }[keyof Calls]
>;
export type KnownUndocumentedQueriesStillUndocumented = NoneOf<
  {
    [N in keyof Calls]: UndocumentedQuery<N> extends infer Q extends string
      ? Q extends keyof DocumentedQuery<CallOf<N>>
        ? `${Label<N>}: the document now names ?${Q}: remove it from known.undocumentedQuery`
        : never
      : never;
  }[keyof Calls]
>;
