// Writes the runtime configuration that every app fetches from `/config.json` at boot (shape:
// `RuntimeConfig` in shared/src/config/runtime-config.ts) from environment variables, so one build
// of each app serves every environment.
import { API, APPS, findApp, portOf } from './apps.mjs';
import { releaseSecrets } from './releases/secrets.js';

/**
 * What `/config.json` says (shared's `RuntimeConfig`, which the apps read, less the releases the
 * host's server adds per visitor), as written here.
 */
export type RuntimeConfig = ReturnType<typeof runtimeConfigFromEnv>;

export function runtimeConfigFromEnv(env: NodeJS.ProcessEnv = process.env) {
  const remotes: Record<string, string> = {};
  for (const app of APPS) {
    if (!app.remote) continue;
    const variable = `REMOTE_${app.remote.toUpperCase()}_URL`;
    remotes[app.remote] = checkUrl(
      variable,
      env[variable] || `http://localhost:${portOf(app, env)}/mf-manifest.json`,
    );
  }
  return {
    apiBaseUrl: checkUrl(
      'PUBLIC_API_URL',
      env.PUBLIC_API_URL || `http://localhost:${portOf(API, env)}/api/v1`,
    ),
    remotes,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
    googleClientId: env.GOOGLE_CLIENT_ID ?? '',
    discordClientId: env.DISCORD_CLIENT_ID ?? '',
    discordAuthorizeUrl: checkUrl(
      'DISCORD_AUTHORIZE_URL',
      env.DISCORD_AUTHORIZE_URL || 'https://discord.com/oauth2/authorize',
    ),
    discordRedirectUri: checkUrl(
      'DISCORD_REDIRECT_URI',
      env.DISCORD_REDIRECT_URI || `${siteUrl(env)}/signin`,
    ),
    fieldDataSampleRate: checkShare('FIELD_DATA_SAMPLE_RATE', env.FIELD_DATA_SAMPLE_RATE || '1'),
    ...(env.PAYMENT_RETURN_URL
      ? { paymentReturnUrl: checkUrl('PAYMENT_RETURN_URL', env.PAYMENT_RETURN_URL) }
      : {}),
  };
}

/**
 * The site's address without a trailing slash: `SITE_URL` (as the API reads it, so the Discord
 * return address both derive from it is the same), else the host on its local port.
 */
export function siteUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.SITE_URL
    ? checkUrl('SITE_URL', env.SITE_URL)
    : `http://localhost:${portOf(findApp('host'), env)}`;
  return url.replace(/\/+$/, '');
}

/** Fails fast, naming the variable, when a share (a sampling rate) is not a number in 0..1. */
function checkShare(variable: string, value: string): number {
  const share = Number(value);
  if (value.trim() === '' || !Number.isFinite(share) || share < 0 || share > 1) {
    throw new Error(`${variable}="${value}" must be a number from 0 to 1`);
  }
  return share;
}

/** Fails fast, naming the variable, when a URL setting is not an absolute http(s) URL. */
function checkUrl(variable: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable}="${value}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${variable}="${value}" must be an http(s) URL`);
  }
  return value;
}

/**
 * The environment for the API process: its public origin is `API_PUBLIC_ORIGIN`, or else derived
 * from `PUBLIC_API_URL` (the API base the browser calls, `…/api/v1`) so one setting serves both.
 */
export function apiProcessEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const apiEnv = { ...env };
  const origin = env.API_PUBLIC_ORIGIN || env.PUBLIC_API_URL?.replace(/\/api\/v1\/?$/, '');
  if (origin) apiEnv.API_PUBLIC_ORIGIN = origin;
  else delete apiEnv.API_PUBLIC_ORIGIN;
  // The release token: the host's canary guard and `release status` read the API's release
  // reports with it (the same one as the host's release endpoint; see server/src/releases/secrets.ts).
  apiEnv.RELEASE_TOKEN = releaseSecrets(env).token;
  return apiEnv;
}
