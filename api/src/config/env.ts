/**
 * The API's configuration: the only file that reads `process.env`. Every variable is parsed and
 * checked once, at start; a bad value stops the process with one clear line per problem.
 * The README's configuration table lists the same variables.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `api/` folder: relative paths in the configuration are resolved against it. */
export const API_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type NodeEnv = 'development' | 'test' | 'production';

/** Where the Stripe SDK sends its requests (the SDK takes them as three options). */
export interface StripeApiAddress {
  protocol: 'http' | 'https';
  host: string;
  port: number;
}

/**
 * Card payments: the real Stripe API when a secret key is set, otherwise the offline sandbox
 * (same flow and states, Stripe's test cards).
 */
export type PaymentsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      secretKey: string;
      /** Verifies webhook signatures; without it every webhook is refused. */
      webhookSecret: string | null;
      /** null: Stripe's own API. Set for a local server that speaks Stripe's API (tests). */
      apiAddress: StripeApiAddress | null;
    };

export interface Config {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  /** Public base of this API (used in the OpenAPI document and logs), e.g. http://localhost:4000 */
  publicApiUrl: string;
  /** The site the reset link points at. */
  siteUrl: string;
  corsOrigins: string[];
  /** `memory://` (tests), a PostgreSQL URL, or null for the embedded database under `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  /** Seed the catalogue on start when the database is empty. */
  seedOnStart: boolean;
  jwt: {
    /** WARNING: in development without JWT_SECRET this is random per process (tokens die on restart). */
    secret: Uint8Array;
    secretIsEphemeral: boolean;
    issuer: string;
    audience: string;
    expiresInSeconds: number;
  };
  smtpUrl: string | null;
  mailFrom: string;
  redisUrl: string | null;
  rateLimit: {
    /** Requests per window for each of signup, login, forgot-password and reset, per client IP. */
    authMax: number;
    windowMs: number;
    /** Key prefix in Redis, so that tests running side by side never share counters. */
    namespace: string;
    /** Requests per window and client IP on each sandbox payment route. */
    sandboxMax: number;
    /** Reset emails asked for one email address per account window, whatever the client IP. */
    resetPerEmail: number;
    /** Login attempts for one email address per account window, whatever the client IP. */
    loginPerEmail: number;
    /** The window of the per-account limits. */
    accountWindowMs: number;
    /** Release reports (`POST /releases/reports`) per window and client IP. */
    reportsMax: number;
    /** Field beacons (`POST /releases/vitals`, `/releases/funnel`) per window and client IP. */
    fieldMax: number;
    /** Release authorisations (`POST /releases/authorize`) per window and client IP. */
    releaseAuthMax: number;
  };
  /** How many days page views' vitals and funnel steps are kept before they are pruned. */
  fieldDataRetentionDays: number;
  /**
   * The canary judge's minimum sample (lib/release-judge.ts): no verdict before `minCanaryViews`
   * canary page views; a metric with fewer than `minPerSide` values on a side is "no data".
   */
  judge: { minCanaryViews: number; minPerSide: number };
  /** How long a password reset link works, in minutes. */
  resetTokenTtlMinutes: number;
  payments: PaymentsConfig;
  /** How long public catalogue answers (pages, search) are cached in memory; 0 disables. */
  catalogueCacheTtlMs: number;
  /** Largest JSON body, in bytes. */
  bodyLimit: number;
  /** Largest avatar, in bytes. */
  avatarMaxBytes: number;
  logLevel: string;
  /**
   * Whose X-Forwarded-* to believe (client IPs for rate limits): nobody (false), any peer (true),
   * or only peers at these addresses or CIDR ranges (the reverse proxy's, docker-compose.yml).
   */
  trustProxy: boolean | string[];
  /** Google sign-in: off (503) while `clientId` is null. */
  google: {
    clientId: string | null;
    tokeninfoUrl: string;
    userinfoUrl: string;
  };
  /** Discord sign-in: off (503) unless both the client id and the secret are set. */
  discord: {
    clientId: string | null;
    clientSecret: string | null;
    /** Must equal the redirect the browser used when it asked for the code. */
    redirectUri: string;
    tokenUrl: string;
    /** Base of Discord's REST API (`/users/@me` is read under it). */
    apiUrl: string;
  };
  wallet: {
    /** How long a wallet sign-in message (and its nonce) stays usable. */
    messageTtlSeconds: number;
  };
  /** Longest wait for one call to Google or Discord before answering 502. */
  providerTimeoutMs: number;
  /** The secondary market's rules (docs/product.md, The market). */
  /**
   * The bearer token of `GET /releases/reports` (operators and the host's canary guard). Null:
   * that call answers 503 (not configured). Never a user's token.
   */
  releaseToken: string | null;
  /** The bearer token `GET /metrics` asks for; null: the metrics are served to anyone. */
  metricsToken: string | null;
  notifications: {
    /**
     * How often this instance's notification worker looks for new market events, lapsing
     * reservations and mails to send, in milliseconds; 0: this instance runs no worker.
     */
    pollMs: number;
  };
  market: {
    /** How long a buyer's checkout holds a listed item for them (nobody else can pay meanwhile). */
    checkoutHoldSeconds: number;
    /** How long an accepted offer reserves the item for its buyer to pay. */
    reservationSeconds: number;
    /** The house's commission on a sale, in basis points of the price (100 = 1 %). */
    commissionBps: number;
    /** How many open offers one buyer may have at once. */
    maxOpenOffers: number;
    /** How many items one user may watch at once (their watchlist). */
    maxWatched: number;
    /**
     * How often this instance writes down the ends time decided (listings and offers past their
     * end, lapsed holds: market/sweep.ts), in milliseconds; 0: this instance runs no sweep.
     */
    sweepMs: number;
  };
  /** The live event stream (`GET /market/stream`, routes/market-stream.ts). */
  stream: {
    /** How often each instance reads the outbox for new events while streams are open. */
    pollMs: number;
    /** How often an idle stream gets a comment, so proxies keep it open. */
    heartbeatMs: number;
    /** Open streams one instance holds at most (503 above). */
    maxStreams: number;
    /** Open streams one client address holds at most on one instance (429 above). */
    maxStreamsPerAddress: number;
  };
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses and validates a set of variables (defaults to `process.env`). Throws a ConfigError. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = [];
  const str = (name: string, fallback: string): string => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? fallback : value;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, fallback: string | null, protocols: string[]): string | null => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
      }
      return raw.replace(/\/+$/, '');
    } catch {
      problems.push(`${name} is not a valid URL (got "${raw}")`);
      return fallback;
    }
  };
  const dir = (name: string, fallback: string): string => {
    const value = str(name, fallback);
    return isAbsolute(value) ? value : resolve(API_ROOT, value);
  };

  const nodeEnvRaw = str('NODE_ENV', 'development');
  let nodeEnv: NodeEnv = 'development';
  if (nodeEnvRaw === 'development' || nodeEnvRaw === 'test' || nodeEnvRaw === 'production') {
    nodeEnv = nodeEnvRaw;
  } else {
    problems.push(`NODE_ENV must be development, test or production (got "${nodeEnvRaw}")`);
  }

  const port = int('API_PORT', 4000, 0, 65535);
  const host = str('API_HOST', '0.0.0.0');

  const corsOrigins = str(
    'CORS_ORIGINS',
    [3000, 3001, 3002, 3003, 3004].map((p) => `http://localhost:${p}`).join(','),
  )
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter((o) => o !== '');
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      problems.push(
        `CORS_ORIGINS entries must be origins like http://localhost:3000 (got "${origin}")`,
      );
    }
  }

  const databaseRaw = env.DATABASE_URL?.trim();
  let databaseUrl: string | null = null;
  if (databaseRaw !== undefined && databaseRaw !== '') {
    if (databaseRaw === 'memory://' || databaseRaw === 'memory') databaseUrl = 'memory://';
    else databaseUrl = url('DATABASE_URL', null, ['postgres:', 'postgresql:']);
  }

  const secretRaw = env.JWT_SECRET?.trim() ?? '';
  let secretIsEphemeral = false;
  let secret: Uint8Array;
  if (secretRaw === '') {
    if (nodeEnv === 'production') problems.push('JWT_SECRET is required in production');
    secret = randomBytes(32);
    secretIsEphemeral = true;
  } else {
    if (secretRaw.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');
    secret = new TextEncoder().encode(secretRaw);
  }

  const siteUrl = url('SITE_URL', 'http://localhost:3000', ['http:', 'https:']) ?? '';
  const optional = (name: string): string | null => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? null : value;
  };
  // A bearer secret: long enough not to be guessed, one word (it travels in a header).
  const token = (name: string): string | null => {
    const value = optional(name);
    if (value === null) return null;
    if (value.length < 32 || !/^[\x21-\x7e]+$/.test(value)) {
      problems.push(
        `${name} must be at least 32 printable characters without spaces (e.g. openssl rand -hex 32)`,
      );
    }
    return value;
  };
  const web = (name: string, fallback: string): string =>
    url(name, fallback, ['http:', 'https:']) ?? fallback;
  // Compared character for character by Discord with the registered redirect: kept as written.
  const redirectRaw = optional('DISCORD_REDIRECT_URI');
  if (redirectRaw !== null) url('DISCORD_REDIRECT_URI', null, ['http:', 'https:']);
  const payments = paymentsConfig(env, nodeEnv, problems);

  const config: Config = {
    nodeEnv,
    host,
    port,
    publicApiUrl: url('API_PUBLIC_ORIGIN', `http://localhost:${port}`, ['http:', 'https:']) ?? '',
    siteUrl,
    corsOrigins,
    databaseUrl,
    dataDir: dir('DATA_DIR', '.data'),
    uploadsDir: dir('UPLOADS_DIR', 'uploads'),
    outboxDir: dir('OUTBOX_DIR', 'outbox'),
    seedOnStart: bool('SEED_ON_START', true),
    jwt: {
      secret,
      secretIsEphemeral,
      issuer: str('JWT_ISSUER', 'hypertek-api'),
      audience: str('JWT_AUDIENCE', 'hypertek-site'),
      expiresInSeconds: int('JWT_EXPIRES_IN', 7 * 24 * 3600, 60, 90 * 24 * 3600),
    },
    smtpUrl: url('SMTP_URL', null, ['smtp:', 'smtps:']),
    mailFrom: str('MAIL_FROM', 'Hyper Tek <no-reply@hypertek.local>'),
    redisUrl: url('REDIS_URL', null, ['redis:', 'rediss:']),
    rateLimit: {
      authMax: int('RATE_LIMIT_AUTH_MAX', 10, 1, 1_000_000),
      windowMs: int('RATE_LIMIT_WINDOW_MS', 60_000, 1_000, 86_400_000),
      namespace: str('RATE_LIMIT_NAMESPACE', 'hypertek-rl-'),
      sandboxMax: int('RATE_LIMIT_SANDBOX_MAX', 30, 1, 1_000_000),
      resetPerEmail: int('RATE_LIMIT_RESET_PER_EMAIL', 3, 1, 1_000_000),
      loginPerEmail: int('RATE_LIMIT_LOGIN_PER_EMAIL', 10, 1, 1_000_000),
      accountWindowMs: int('RATE_LIMIT_ACCOUNT_WINDOW_MS', 15 * 60_000, 1_000, 86_400_000),
      reportsMax: int('RATE_LIMIT_REPORTS_MAX', 300, 1, 1_000_000),
      fieldMax: int('RATE_LIMIT_FIELD_MAX', 120, 1, 1_000_000),
      releaseAuthMax: int('RATE_LIMIT_RELEASE_AUTH_MAX', 60, 1, 1_000_000),
    },
    fieldDataRetentionDays: int('FIELD_DATA_RETENTION_DAYS', 30, 1, 3650),
    judge: {
      minCanaryViews: int('JUDGE_MIN_CANARY_VIEWS', 200, 1, 1_000_000),
      minPerSide: int('JUDGE_MIN_PER_SIDE', 50, 5, 1_000_000),
    },
    resetTokenTtlMinutes: int('RESET_TOKEN_TTL_MINUTES', 30, 1, 7 * 24 * 60),
    payments,
    catalogueCacheTtlMs: int('CATALOGUE_CACHE_TTL_MS', 5_000, 0, 3_600_000),
    bodyLimit: int('BODY_LIMIT', 100 * 1024, 1024, 10 * 1024 * 1024),
    avatarMaxBytes: int('AVATAR_MAX_BYTES', 2 * 1024 * 1024, 1024, 20 * 1024 * 1024),
    logLevel: str('LOG_LEVEL', nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: trustedProxies(env.TRUST_PROXY, problems),
    google: {
      clientId: optional('GOOGLE_CLIENT_ID'),
      tokeninfoUrl: web('GOOGLE_TOKENINFO_URL', 'https://oauth2.googleapis.com/tokeninfo'),
      userinfoUrl: web('GOOGLE_USERINFO_URL', 'https://openidconnect.googleapis.com/v1/userinfo'),
    },
    discord: {
      clientId: optional('DISCORD_CLIENT_ID'),
      clientSecret: optional('DISCORD_CLIENT_SECRET'),
      redirectUri: redirectRaw ?? `${siteUrl}/signin`,
      tokenUrl: web('DISCORD_TOKEN_URL', 'https://discord.com/api/oauth2/token'),
      apiUrl: web('DISCORD_API_URL', 'https://discord.com/api/v10'),
    },
    wallet: {
      messageTtlSeconds: int('WALLET_MESSAGE_TTL_SECONDS', 300, 30, 3600),
    },
    providerTimeoutMs: int('PROVIDER_TIMEOUT_MS', 5_000, 100, 60_000),
    releaseToken: token('RELEASE_TOKEN'),
    metricsToken: token('METRICS_TOKEN'),
    notifications: {
      pollMs: int('NOTIFICATIONS_POLL_MS', 1_000, 0, 600_000),
    },
    market: {
      checkoutHoldSeconds: int('MARKET_CHECKOUT_HOLD_SECONDS', 900, 30, 86_400),
      reservationSeconds: int('MARKET_RESERVATION_SECONDS', 86_400, 60, 30 * 86_400),
      commissionBps: int('MARKET_COMMISSION_BPS', 0, 0, 5_000),
      maxOpenOffers: int('MARKET_MAX_OPEN_OFFERS', 50, 1, 10_000),
      maxWatched: int('WATCHLIST_MAX', 500, 1, 10_000),
      sweepMs: int('MARKET_SWEEP_MS', 30_000, 0, 3_600_000),
    },
    stream: {
      pollMs: int('MARKET_STREAM_POLL_MS', 200, 20, 10_000),
      heartbeatMs: int('MARKET_STREAM_HEARTBEAT_MS', 15_000, 1_000, 120_000),
      maxStreams: int('MARKET_STREAM_MAX', 10_000, 1, 1_000_000),
      maxStreamsPerAddress: int('MARKET_STREAM_PER_ADDRESS', 20, 1, 100_000),
    },
    ...overrides,
  };
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(config.logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * `TRUST_PROXY`: true/false as for every switch, or a comma-separated list of IP addresses and
 * CIDR ranges (`172.29.53.2`, `10.0.0.0/8`): X-Forwarded-For is then read only from those peers.
 */
function trustedProxies(raw: string | undefined, problems: string[]): boolean | string[] {
  const value = raw?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'no', 'off'].includes(value)) return false;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return true;
    if (prefix === undefined) return false;
    const bits = Number(prefix);
    return !/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128);
  });
  if (bad.length > 0)
    problems.push(
      `TRUST_PROXY must be true, false or a list of IP addresses and CIDR ranges (not "${bad.join('", "')}")`,
    );
  return bad.length > 0 ? false : entries;
}

function paymentsConfig(env: Env, nodeEnv: NodeEnv, problems: string[]): PaymentsConfig {
  const value = (name: string): string | null => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? null : raw;
  };
  const secretKey = value('STRIPE_SECRET_KEY');
  const webhookSecret = value('STRIPE_WEBHOOK_SECRET');
  const apiBase = value('STRIPE_API_BASE');
  if (secretKey === null) {
    // Half a Stripe setup would silently run the sandbox: say so instead.
    if (webhookSecret !== null)
      problems.push('STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not');
    if (apiBase !== null) problems.push('STRIPE_API_BASE is set but STRIPE_SECRET_KEY is not');
    return { provider: 'sandbox' };
  }
  if (!/^(sk|rk)_/.test(secretKey)) {
    problems.push('STRIPE_SECRET_KEY must be a secret or restricted key (sk_… or rk_…)');
  }
  if (webhookSecret !== null && !webhookSecret.startsWith('whsec_')) {
    problems.push('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
  }
  if (webhookSecret === null && nodeEnv === 'production') {
    // Without webhooks a payment confirmed in the browser and then abandoned is never recorded.
    problems.push('STRIPE_WEBHOOK_SECRET is required in production when STRIPE_SECRET_KEY is set');
  }
  return {
    provider: 'stripe',
    secretKey,
    webhookSecret,
    apiAddress: stripeApiAddress(apiBase, problems),
  };
}

/** STRIPE_API_BASE, e.g. http://127.0.0.1:12111, as the SDK's protocol, host and port. */
function stripeApiAddress(raw: string | null, problems: string[]): StripeApiAddress | null {
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`STRIPE_API_BASE is not a valid URL (got "${raw}")`);
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`STRIPE_API_BASE must use http: or https: (got "${url.protocol}")`);
    return null;
  }
  if (url.pathname !== '/' || url.search !== '' || url.username !== '') {
    // The SDK adds /v1/… itself and takes no path, query or credentials.
    problems.push(`STRIPE_API_BASE must be an origin like http://127.0.0.1:12111 (got "${raw}")`);
    return null;
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port),
  };
}
