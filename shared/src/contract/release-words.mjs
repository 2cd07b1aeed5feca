// @ts-check
// The words of a release, defined once for every runtime: the host and the apps (TypeScript,
// bundled), the API (TypeScript under tsx) and the web server and release command (plain Node).
// Plain JavaScript with no import, so each of them can load it as it is; its types come from the
// JSDoc below (`@type {const}` keeps the literal names). `scripts/new-remote.mjs` adds a remote to
// REMOTE_NAMES, and everything that names remotes follows: the host's config, the API's report
// validation, the database (its check is on the name's form, not a list), the web server.

/** The site's Module Federation remotes (`/<name>` pages, `remote-<name>/` folders). */
export const REMOTE_NAMES = /** @type {const} */ ([
  'marketing',
  'marketplace',
  'account',
  'checkout',
]);

/** How a remote's name is written: lower-case words joined by `-`, at most 40 characters. */
export const REMOTE_NAME_SHAPE = '^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$';
export const REMOTE_NAME_MAX_LENGTH = 40;

/** Which release of a remote a page runs: the live one, a canary's, or a preview's. */
export const RELEASE_CHANNELS = /** @type {const} */ (['live', 'canary', 'preview']);

/** What the host reports of a remote's release for a visitor. */
export const REPORT_OUTCOMES = /** @type {const} */ (['loaded', 'failed']);

/**
 * Where a release failed: fetching its code (`load`), drawing its page (`render`), or its code
 * refused because its bytes differ from the digests the registry recorded (`integrity`).
 */
export const FAILURE_STAGES = /** @type {const} */ (['load', 'render', 'integrity']);

/**
 * The Core Web Vitals a page view reports (the `web-vitals` library's names), judged at the 75th
 * percentile; every one is better lower.
 */
export const WEB_VITALS = /** @type {const} */ (['LCP', 'INP', 'CLS', 'FCP', 'TTFB']);

/** The largest value of each vital a beacon may carry (ms; CLS unitless); the API refuses more. */
export const WEB_VITAL_MAX = /** @type {const} */ ({
  LCP: 120_000,
  INP: 120_000,
  CLS: 100,
  FCP: 120_000,
  TTFB: 120_000,
});

/** The field beacons' limits: a body's bytes, and a page view's route. */
export const FIELD_BEACON_MAX_BYTES = 4096;
export const FIELD_ROUTE_MAX_LENGTH = 200;

/** The funnel's steps a visitor can reach, recorded once per visitor and step. */
export const FUNNEL_STEPS = /** @type {const} */ ([
  'funnel-viewed',
  'signup-started',
  'signup-completed',
  'checkout-opened',
  'checkout-paid',
]);

/**
 * The rates judged: a step's visitors as a share of the visitors who reached the step it follows
 * (sign-up completion = completed ÷ started; checkout conversion = paid ÷ opened).
 */
export const FUNNEL_RATES = /** @type {const} */ ({
  'signup-started': 'funnel-viewed',
  'signup-completed': 'signup-started',
  'checkout-paid': 'checkout-opened',
});

/** What the canary judge can decide, and the state of each metric it judged. */
export const JUDGE_DECISIONS = /** @type {const} */ ([
  'wait',
  'continue',
  'pass',
  'rollback',
  'srm',
]);
export const METRIC_STATUSES = /** @type {const} */ ([
  'no data',
  'pass',
  'worse, within tolerance',
  'regressed',
]);

/**
 * @typedef {{ kind: 'vital', vital: (typeof WEB_VITALS)[number], maxWorse: number }
 *   | { kind: 'rate', rate: keyof typeof FUNNEL_RATES, maxWorse: number }} Guardrail
 * A canary's guardrail: a vital's p75 may rise by at most `maxWorse` (0.2 = +20%), a funnel rate
 * may fall by at most `maxWorse` (0.1 = −10%); the canary judge rolls back a canary that
 * significantly passes one.
 */

/** @type {readonly Guardrail[]} What every page is judged by: responsiveness and loading. */
const PAGE_GUARDRAILS = [
  { kind: 'vital', vital: 'INP', maxWorse: 0.2 },
  { kind: 'vital', vital: 'LCP', maxWorse: 0.2 },
];

/**
 * Each remote's release settings: the guardrails its canaries are judged by (docs/operations.md,
 * "The canary judge"). A remote judges what its own pages move: the marketing funnel the sign-ups
 * it starts and completes, the checkout its payments; a remote not named here (a new one) gets
 * the page guardrails. Fewer guardrails give each a larger share of the judge's error budget.
 * @type {Readonly<Partial<Record<(typeof REMOTE_NAMES)[number], readonly Guardrail[]>>>}
 */
export const REMOTE_GUARDRAILS = {
  marketing: [
    ...PAGE_GUARDRAILS,
    { kind: 'rate', rate: 'signup-started', maxWorse: 0.1 },
    { kind: 'rate', rate: 'signup-completed', maxWorse: 0.1 },
  ],
  marketplace: PAGE_GUARDRAILS,
  account: [...PAGE_GUARDRAILS, { kind: 'rate', rate: 'signup-completed', maxWorse: 0.1 }],
  checkout: [
    { kind: 'vital', vital: 'INP', maxWorse: 0.2 },
    { kind: 'rate', rate: 'checkout-paid', maxWorse: 0.1 },
  ],
};

/**
 * The guardrails a remote's canary is judged by.
 * @param {string} remote
 * @returns {readonly Guardrail[]}
 */
export const guardrailsOf = (remote) =>
  /** @type {Record<string, readonly Guardrail[] | undefined>} */ (REMOTE_GUARDRAILS)[remote] ??
  PAGE_GUARDRAILS;

/**
 * A release's version as a path segment: the package version plus the commit (`1.4.0`,
 * `1.4.0-rc.1`, `1.4.0+3f2a9c1.dirty.5e0c7a1b`), at most VERSION_MAX_LENGTH characters. Written
 * so that a regular-expression engine never backtracks (a visitor's address is tested against
 * it): only a `+` starts another part, a `-` always continues one. The form
 * `(?:[-+][0-9A-Za-z.-]+)*` accepts the same strings but takes exponential time (hours, at 100
 * characters) to refuse a long run of `-a` that fails at its end.
 */
export const VERSION_SHAPE = '^\\d+\\.\\d+\\.\\d+(?:[-+][0-9A-Za-z.-]+(?:\\+[0-9A-Za-z.-]+)*)?$';
export const VERSION_MAX_LENGTH = 100;
const VERSION = /* @__PURE__ */ new RegExp(VERSION_SHAPE);

/** @param {unknown} version @returns {version is string} */
export const isReleaseVersion = (version) =>
  typeof version === 'string' && version.length <= VERSION_MAX_LENGTH && VERSION.test(version);

/**
 * A visitor's id (the host's server draws one per browser, in VISITOR_COOKIE; it counts a visitor
 * once in a release's reports and keeps them on their side of a canary).
 */
export const VISITOR_ID_SHAPE = '^[A-Za-z0-9_-]{16,64}$';
const VISITOR_ID = /* @__PURE__ */ new RegExp(VISITOR_ID_SHAPE);

/** @param {unknown} id @returns {id is string} */
export const isVisitorId = (id) => typeof id === 'string' && VISITOR_ID.test(id);

/** The host's cookies: the visitor's id, and a preview pass (a signed release to load). */
export const VISITOR_COOKIE = 'ht_visitor';
export const PREVIEW_COOKIE = 'ht_preview';

/** @param {unknown} name @returns {name is (typeof REMOTE_NAMES)[number]} */
export const isRemoteName = (name) =>
  typeof name === 'string' && /** @type {readonly string[]} */ (REMOTE_NAMES).includes(name);

/**
 * The token of an `Authorization: Bearer <token>` header, or null: the release token on the web
 * server's release endpoint and the API's report figures, and the API's own bearer tokens. The
 * scheme's name is case-insensitive (RFC 9110 §11.1), the token one word.
 * @param {unknown} header
 * @returns {string | null}
 */
export function bearerTokenOf(header) {
  if (typeof header !== 'string') return null;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
}

/**
 * The staff's roles, and the remotes each may release (preview, canary, promote, roll back): the
 * one table of who may act on what, read by the API (a role's tokens, the release endpoint's
 * authorisation) and the web server. `admin` may act on every remote, a new one included.
 */
export const STAFF_ROLES = /** @type {const} */ (['marketing', 'payments', 'admin']);

/** @type {{ readonly [role in (typeof STAFF_ROLES)[number]]: readonly string[] }} */
export const STAFF_ROLE_REMOTES = {
  marketing: ['marketing'],
  payments: ['checkout'],
  admin: REMOTE_NAMES,
};

/** The release actions a staff member or a scoped token may ask the release endpoint for. */
export const RELEASE_ACTIONS = /** @type {const} */ ([
  'status',
  'preview',
  'canary',
  'promote',
  'rollback',
]);

/**
 * May a staff member of `role` act on `remote`?
 * @param {(typeof STAFF_ROLES)[number]} role
 * @param {string} remote
 */
export const roleMayActOn = (role, remote) => STAFF_ROLE_REMOTES[role].includes(remote);

/**
 * A release token's secret: this prefix (so a leaked one is recognised), then 32 random bytes in
 * base64url (43 characters).
 */
export const RELEASE_TOKEN_PREFIX = 'htr_';
