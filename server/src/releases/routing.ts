// Which release of each remote a visitor gets, decided by the host's server per navigation
// (docs/operations.md, "Shipping a remote"):
// - a preview pass (a signed, expiring cookie set by a `release preview` link) names one remote's
//   candidate for this browser alone; the page shows a banner with a way out (preview-banner.ts);
// - a canary sends a share of visitors to a candidate: a visitor's side is a hash of their visitor
//   cookie, the remote and the version, so they keep it on every reload and no server holds state;
// - everyone else gets the live release (or the build served in place, before any release).
// The page drawn on the server and the runtime config that its scripts read name the same
// releases, so the scripts that take a page over come from the release that drew it.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isVisitorId, PREVIEW_COOKIE, VISITOR_COOKIE } from '@hypertek/shared/release-words';
import type { PinSource, RemotePins } from './pins.js';
import type { LiveView, Registry } from './registry.js';
import { readPreviewToken } from './secrets.js';
import type { PreviewPass } from './secrets.js';

export { PREVIEW_COOKIE, VISITOR_COOKIE };
export const PREVIEW_PARAMETER = 'release-preview';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The release of one remote a visitor gets, and why (live, their side of a canary, a preview). */
export interface ReleasePick {
  version: string;
  channel: 'live' | 'canary' | 'preview';
}
/** Each remote's manifest for one visitor, and which release each is (none: the build in place). */
export interface ReleaseChoice {
  remotes: Record<string, string>;
  releases?: Record<string, ReleasePick> | undefined;
  /**
   * The digests each remote's scripts must match (pins.ts), by remote: a remote absent here is
   * refused by the browser unless `allowUnpinnedRemotes`.
   */
  integrity?: Record<string, RemotePins> | undefined;
  allowUnpinnedRemotes?: true | undefined;
}
/** A visitor's choice with what the request needs: their pass, their id, cookies to set. */
export interface VisitorChoice extends ReleaseChoice {
  preview: PreviewPass | null;
  visitor: string;
  /** Set-Cookie values to send: a new visitor's id, an expired pass cleared. */
  cookies: string[];
}

/** The cookies of a request, by name (the first of each). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    if (!(name in cookies)) cookies[name] = part.slice(at + 1).trim();
  }
  return cookies;
}

/** The visitor's side of a canary: 0–99, the same for the same visitor, remote and version. */
export function canaryBucket(visitor: string, remote: string, version: string): number {
  return (
    createHash('sha256').update(`${visitor}\0${remote}\0${version}`).digest().readUInt32BE(0) % 100
  );
}

const cookie = (
  name: string,
  value: string,
  { maxAge, httpOnly = true, secure }: { maxAge: number; httpOnly?: boolean; secure: boolean },
) =>
  `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}`;

export interface ReleaseRouting {
  /** The releases of this request's visitor. */
  choose: (req: IncomingMessage) => VisitorChoice;
  /**
   * A navigation carrying `?release-preview=<pass>` (a `release preview` link) or
   * `?release-preview=off` (the banner's way out): the cookie to set or clear, and where to go
   * (the same address without the parameter). Null for any other navigation.
   */
  previewSwitch: (
    url: URL,
  ) => { location: string; cookie: string; pass: PreviewPass | null } | null;
}

export function createReleaseRouting({
  configured,
  live,
  pins,
  signingKey,
  secure = false,
  now = Date.now,
}: {
  configured: Record<string, string>;
  live: Pick<LiveView, 'current'>;
  /** The digests of each pick (none given: every remote unpinned, refused by the browser). */
  pins?: Pick<PinSource, 'pinsFor' | 'revision' | 'allowUnpinned'> | undefined;
  signingKey: string;
  secure?: boolean;
  now?: () => number;
}): ReleaseRouting {
  /**
   * One `{ remotes, releases, integrity }` per distinct choice, while the registry's revision (and
   * the builds served in place) hold.
   */
  let memo = { revision: '', choices: new Map<string, ReleaseChoice>() };
  const choiceFor = (
    registry: Registry,
    picks: Record<string, ReleasePick | null>,
  ): ReleaseChoice => {
    const revision = `${registry.revision}:${pins?.revision() ?? 0}`;
    if (memo.revision !== revision) memo = { revision, choices: new Map() };
    const key = Object.entries(picks)
      .map(([name, pick]) => `${name}=${pick ? `${pick.version}:${pick.channel}` : ''}`)
      .join('|');
    let choice = memo.choices.get(key);
    if (!choice) {
      const remotes: Record<string, string> = {};
      const releases: Record<string, ReleasePick> = {};
      const integrity: Record<string, RemotePins> = {};
      for (const [name, manifest] of Object.entries(configured)) {
        const pick = picks[name] ?? null;
        // isReleaseVersion keeps a version URL-safe.
        remotes[name] = pick
          ? new URL(`releases/${pick.version}/mf-manifest.json`, manifest).href
          : manifest;
        if (pick) releases[name] = pick;
        const pinned = pins?.pinsFor(name, pick?.version ?? null);
        if (pinned) integrity[name] = pinned;
      }
      choice = {
        remotes,
        releases: Object.keys(releases).length > 0 ? releases : undefined,
        integrity,
        ...(pins?.allowUnpinned ? { allowUnpinnedRemotes: true as const } : {}),
      };
      memo.choices.set(key, choice);
    }
    return choice;
  };

  return {
    choose(req) {
      const jar = parseCookies(req.headers.cookie);
      const cookies: string[] = [];
      let visitor = jar[VISITOR_COOKIE];
      if (!isVisitorId(visitor)) {
        visitor = randomBytes(16).toString('base64url');
        // Readable by the page: the host's reports count each visitor once (not a credential).
        cookies.push(
          cookie(VISITOR_COOKIE, visitor, { maxAge: YEAR_SECONDS, httpOnly: false, secure }),
        );
      }
      let pass: PreviewPass | null = null;
      if (jar[PREVIEW_COOKIE]) {
        pass = readPreviewToken(signingKey, jar[PREVIEW_COOKIE], now());
        if (!pass || !(pass.remote in configured)) {
          pass = null;
          cookies.push(cookie(PREVIEW_COOKIE, '', { maxAge: 0, secure }));
        }
      }
      const registry = live.current();
      const picks: Record<string, ReleasePick | null> = {};
      for (const name of Object.keys(configured)) {
        const state = registry.remotes[name] ?? {};
        if (pass?.remote === name) picks[name] = { version: pass.version, channel: 'preview' };
        else if (
          state.canary &&
          canaryBucket(visitor, name, state.canary.version) < state.canary.percent
        )
          picks[name] = { version: state.canary.version, channel: 'canary' };
        else picks[name] = state.live ? { version: state.live, channel: 'live' } : null;
      }
      return { ...choiceFor(registry, picks), preview: pass, visitor, cookies };
    },

    previewSwitch(url) {
      if (!url.searchParams.has(PREVIEW_PARAMETER)) return null;
      const given = url.searchParams.get(PREVIEW_PARAMETER) ?? '';
      url.searchParams.delete(PREVIEW_PARAMETER);
      const location = url.pathname + url.search;
      const pass = given === 'off' ? null : readPreviewToken(signingKey, given, now());
      if (!pass || !(pass.remote in configured))
        return { location, cookie: cookie(PREVIEW_COOKIE, '', { maxAge: 0, secure }), pass: null };
      const maxAge = Math.max(1, Math.floor((pass.expires - now()) / 1000));
      return { location, cookie: cookie(PREVIEW_COOKIE, given, { maxAge, secure }), pass };
    },
  };
}
