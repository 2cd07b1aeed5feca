import type { RELEASE_CHANNELS, REMOTE_NAMES } from '../contract/release-words.mjs';
import { serverRender } from './server-render';

/**
 * Runtime configuration: read by the host at boot from `/config.json`, which
 * the web server writes from environment variables, so one build serves every environment.
 */
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Which release of a remote this page runs: the live one, a canary's or a preview's. */
export interface RemoteRelease {
  version: string;
  channel: (typeof RELEASE_CHANNELS)[number];
}

export interface RuntimeConfig {
  /** e.g. http://localhost:4000/api/v1 */
  apiBaseUrl: string;
  /** Manifest URL of each remote, e.g. http://localhost:3001/mf-manifest.json */
  remotes: Record<RemoteName, string>;
  stripePublishableKey: string;
  googleClientId: string;
  discordClientId: string;
  /** Discord's authorization page; the sign-in button sends the visitor there. */
  discordAuthorizeUrl: string;
  /**
   * Where Discord sends the visitor back (`<site origin>/signin` unless configured). It must equal
   * the API's DISCORD_REDIRECT_URI: Discord refuses a code exchange whose redirect differs.
   * Empty: this page's origin + `/signin`.
   */
  discordRedirectUri: string;
  /**
   * The share of page views whose Web Vitals the host measures and sends (0..1; 0: none, 1:
   * every one). Drawn per page view; unset: 1.
   */
  fieldDataSampleRate?: number;
  /** Where the card provider sends the buyer back after an embedded payment. */
  paymentReturnUrl?: string;
  /**
   * The release of each remote this visitor gets (the host's server decides per visitor; absent
   * for a remote served in place). The host reports a release's failures with it.
   */
  releases?: Partial<Record<RemoteName, RemoteRelease>>;
  /**
   * What each remote's code must be (docs/security.md, "Integrity of remotes"): SHA-384 digests
   * (`sha384-…`) of its manifest and entry, by path beside the manifest, as the release registry
   * recorded them. A remote absent here is refused, unless `allowUnpinnedRemotes`.
   */
  integrity?: Partial<Record<RemoteName, Record<string, string>>>;
  /** The operator allowed remotes without digests (ALLOW_UNPINNED_REMOTES=1, development only). */
  allowUnpinnedRemotes?: boolean;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBaseUrl: 'http://localhost:4000/api/v1',
  remotes: {
    marketing: 'http://localhost:3001/mf-manifest.json',
    marketplace: 'http://localhost:3002/mf-manifest.json',
    account: 'http://localhost:3003/mf-manifest.json',
    checkout: 'http://localhost:3004/mf-manifest.json',
  },
  stripePublishableKey: '',
  googleClientId: '',
  discordClientId: '',
  discordAuthorizeUrl: 'https://discord.com/oauth2/authorize',
  discordRedirectUri: '',
};

let current: RuntimeConfig = DEFAULT_RUNTIME_CONFIG;

/** The config in force: the one applied, or while the host's server renders a page, the site's. */
export const getRuntimeConfig = (): RuntimeConfig => {
  const rendering = serverRender()?.config;
  return rendering ? withDefaults(rendering) : current;
};

/** What `/config.json` may hold: any field, and any subset of the remotes (the rest default). */
export type RuntimeConfigInput = Partial<Omit<RuntimeConfig, 'remotes'>> & {
  remotes?: Partial<RuntimeConfig['remotes']>;
};

const withDefaults = (config: RuntimeConfigInput): RuntimeConfig => ({
  ...DEFAULT_RUNTIME_CONFIG,
  ...config,
  remotes: { ...DEFAULT_RUNTIME_CONFIG.remotes, ...config.remotes },
});

export function setRuntimeConfig(config: RuntimeConfigInput): RuntimeConfig {
  current = withDefaults(config);
  return current;
}

/** Fetch `/config.json` (no-cache) and apply it; keeps the defaults when it cannot be read. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  try {
    // The host's web server puts the config in the page itself (one round trip less).
    const inline =
      typeof document === 'undefined' ? null : document.getElementById('runtime-config');
    if (inline?.textContent)
      return setRuntimeConfig(JSON.parse(inline.textContent) as RuntimeConfigInput);
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return setRuntimeConfig((await response.json()) as RuntimeConfigInput);
  } catch (error) {
    console.warn('[hypertek] runtime config not loaded, using defaults', error);
    return current;
  }
}

/** An image path from the API (Avatar, item image) as a URL: API host + path. */
export function apiAssetUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return new URL(path, new URL(getRuntimeConfig().apiBaseUrl).origin).toString();
}
