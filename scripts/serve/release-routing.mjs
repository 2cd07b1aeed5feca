// Which release of each remote a visitor gets, decided by the host's server per navigation
// (docs/operations.md, "Shipping a remote"):
// - a preview pass (a signed, expiring cookie set by a `release preview` link) names one remote's
//   candidate for this browser alone; the page shows a banner with a way out;
// - a canary sends a share of visitors to a candidate: a visitor's side is a hash of their visitor
//   cookie, the remote and the version, so they keep it on every reload and no server holds state;
// - everyone else gets the live release (or the build served in place, before any release).
// The page drawn on the server and the runtime config that its scripts read name the same
// releases, so the scripts that take a page over come from the release that drew it.
// Also here: the release endpoint a CI pipeline calls (token, never a user's), and the canary
// guard that rolls back a failing canary.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { abortCanary, canary, preview, promote, rollback, status } from '../release/actions.mjs';
import { assertCompatible, hostFactsFrom } from '../release/gate.mjs';
import { bearerMatches, readPreviewToken } from '../release/secrets.mjs';
import {
  isVisitorId,
  PREVIEW_COOKIE,
  VISITOR_COOKIE,
} from '../../shared/src/contract/release-words.mjs';

export { PREVIEW_COOKIE, VISITOR_COOKIE };
export const PREVIEW_PARAMETER = 'release-preview';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The cookies of a request, by name (the first of each). */
export function parseCookies(header) {
  const cookies = {};
  for (const part of String(header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    if (!(name in cookies)) cookies[name] = part.slice(at + 1).trim();
  }
  return cookies;
}

/** The visitor's side of a canary: 0–99, the same for the same visitor, remote and version. */
export function canaryBucket(visitor, remote, version) {
  return (
    createHash('sha256').update(`${visitor}\0${remote}\0${version}`).digest().readUInt32BE(0) % 100
  );
}

const cookie = (name, value, { maxAge, httpOnly = true, secure }) =>
  `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}`;

/**
 * @param {{ configured: Record<string, string>, live: { current: () => import('../release/registry.mjs').Registry }, signingKey: string, secure?: boolean, now?: () => number }} options
 */
export function createReleaseRouting({
  configured,
  live,
  signingKey,
  secure = false,
  now = Date.now,
}) {
  /** One `{ remotes, releases }` per distinct choice, while the registry's revision holds. */
  let memo = { revision: -1, choices: new Map() };
  const choiceFor = (registry, picks) => {
    if (memo.revision !== registry.revision)
      memo = { revision: registry.revision, choices: new Map() };
    const key = Object.entries(picks)
      .map(([name, pick]) => `${name}=${pick ? `${pick.version}:${pick.channel}` : ''}`)
      .join('|');
    let choice = memo.choices.get(key);
    if (!choice) {
      const remotes = {};
      const releases = {};
      for (const [name, manifest] of Object.entries(configured)) {
        const pick = picks[name];
        // isReleaseVersion keeps a version URL-safe.
        remotes[name] = pick
          ? new URL(`releases/${pick.version}/mf-manifest.json`, manifest).href
          : manifest;
        if (pick) releases[name] = pick;
      }
      choice = { remotes, releases: Object.keys(releases).length > 0 ? releases : undefined };
      memo.choices.set(key, choice);
    }
    return choice;
  };

  return {
    /**
     * The releases of this request's visitor: `{ remotes, releases, preview, visitor, cookies }`
     * (`cookies`: Set-Cookie values to send: a new visitor's id, an expired pass cleared).
     */
    choose(req) {
      const jar = parseCookies(req.headers.cookie);
      const cookies = [];
      let visitor = jar[VISITOR_COOKIE];
      if (!isVisitorId(visitor)) {
        visitor = randomBytes(16).toString('base64url');
        // Readable by the page: the host's reports count each visitor once (not a credential).
        cookies.push(
          cookie(VISITOR_COOKIE, visitor, { maxAge: YEAR_SECONDS, httpOnly: false, secure }),
        );
      }
      let pass = null;
      if (jar[PREVIEW_COOKIE]) {
        pass = readPreviewToken(signingKey, jar[PREVIEW_COOKIE], now());
        if (!pass || !(pass.remote in configured)) {
          pass = null;
          cookies.push(cookie(PREVIEW_COOKIE, '', { maxAge: 0, secure }));
        }
      }
      const registry = live.current();
      const picks = {};
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

    /**
     * A navigation carrying `?release-preview=<pass>` (a `release preview` link) or
     * `?release-preview=off` (the banner's way out): the cookie to set or clear, and where to go
     * (the same address without the parameter). Null for any other navigation.
     */
    previewSwitch(url) {
      if (!url.searchParams.has(PREVIEW_PARAMETER)) return null;
      const given = url.searchParams.get(PREVIEW_PARAMETER);
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

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The banner of a previewing browser: which remote and version, and the way out. Put at the
 * start of the body, outside the app's root (React never replaces it); fixed at the bottom.
 */
export function previewBanner({ remote, version, expires }) {
  return (
    '<style>#release-preview{position:fixed;z-index:2147483647;left:12px;bottom:12px;max-width:calc(100% - 24px);' +
    'padding:8px 12px;border-radius:8px;background:#111827;color:#fff;font:14px/1.4 system-ui,sans-serif;' +
    'box-shadow:0 4px 16px rgba(0,0,0,.4)}#release-preview a{color:#7dd3fc;margin-left:8px}</style>' +
    `<div id="release-preview" role="status" data-remote="${escapeHtml(remote)}" data-version="${escapeHtml(version)}">` +
    `Previewing <strong>${escapeHtml(remote)}</strong> ${escapeHtml(version)} (until ${escapeHtml(new Date(expires).toISOString().slice(0, 16).replace('T', ' '))} UTC)` +
    `<a href="?${PREVIEW_PARAMETER}=off">Leave preview</a></div>`
  );
}

/** The host's facts for the gate, from its own build (`root`): the live host is this server. */
export function hostFactsOf(root) {
  const read = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
  return hostFactsFrom(read('prerender/frames.json'), read('release-host.json'));
}

const MAX_BODY = 4_096;

async function readJson(req) {
  let size = 0;
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) throw Object.assign(new Error('the body is too large'), { status: 413 });
    chunks.push(chunk);
  }
  if (size === 0) return {};
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body && typeof body === 'object' && !Array.isArray(body)) return body;
  } catch {
    // below
  }
  throw Object.assign(new Error('the body is not a JSON object'), { status: 400 });
}

/**
 * The release endpoint, for a CI pipeline: the command line's actions over HTTP, under
 * `/_release/`, with `Authorization: Bearer <RELEASE_TOKEN>` (the release token, never a user's
 * sign-in token; compared in constant time).
 *   GET  /_release/status
 *   POST /_release/preview   { remote, version, minutes?, actor? }   → { link, expires }
 *   POST /_release/canary    { remote, version, percent, threshold?, minVisitors?, actor? }
 *   POST /_release/promote   { remote, version, actor? }
 *   POST /_release/rollback  { remote, reason?, actor? }
 * Publishing stays a command (`release publish`): it writes the build where the remotes serve it.
 * @param {{ token: string, dir: string, registry: import('../release/registry.mjs').RegistryStore, signingKey: string, siteUrl: string, hostFacts: () => any, stats?: (remote: string) => Promise<any> }} options
 */
export function createReleaseEndpoint({
  token,
  dir,
  registry,
  signingKey,
  siteUrl,
  hostFacts,
  stats,
}) {
  const send = (res, code, body) => {
    const text = JSON.stringify(body);
    res.writeHead(code, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  };
  const check = (release) => assertCompatible(release, hostFacts());
  const text = (value, name, max = 100) => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.length === 0 || value.length > max)
      throw Object.assign(new Error(`${name} must be a text of 1 to ${max} characters`), {
        status: 400,
      });
    return value;
  };
  const required = (value, name) => {
    if (value === undefined) throw Object.assign(new Error(`${name} is required`), { status: 400 });
    return value;
  };
  /** A required text field of the body. */
  const need = (body, name) => required(text(body[name], name), name);
  const actions = {
    status: async () => {
      const state = await status({ dir, registry, history: 50 });
      if (stats)
        for (const remote of state.remotes)
          remote.versions = await stats(remote.remote).catch((error) => ({ error: error.message }));
      return state;
    },
    preview: async (b) =>
      preview({
        dir,
        registry,
        remote: need(b, 'remote'),
        version: need(b, 'version'),
        minutes: b.minutes ?? 60,
        actor: b.actor,
        signingKey,
        siteUrl,
        check,
      }),
    canary: async (b) => ({
      change: await canary({
        dir,
        registry,
        remote: need(b, 'remote'),
        version: need(b, 'version'),
        percent: required(b.percent, 'percent'),
        threshold: b.threshold ?? 0.2,
        minVisitors: b.minVisitors ?? 5,
        actor: b.actor,
        check,
      }),
    }),
    promote: async (b) => ({
      change: await promote({
        dir,
        registry,
        remote: need(b, 'remote'),
        version: need(b, 'version'),
        actor: b.actor,
        check,
      }),
    }),
    rollback: async (b) => ({
      change: await rollback({
        dir,
        registry,
        remote: need(b, 'remote'),
        actor: b.actor,
        reason: text(b.reason, 'reason', 300),
      }),
    }),
  };
  return {
    handles: (pathname) => pathname === '/_release' || pathname.startsWith('/_release/'),
    async handle(req, res, pathname) {
      try {
        if (!bearerMatches(req.headers.authorization, token))
          return send(res, 401, {
            success: false,
            message:
              'The release endpoint needs the release token: Authorization: Bearer <RELEASE_TOKEN>.',
          });
        const name = pathname.slice('/_release/'.length);
        const action = Object.hasOwn(actions, name) ? actions[name] : null;
        if (!action)
          return send(res, 404, { success: false, message: `No release action "${name}".` });
        const method = name === 'status' ? 'GET' : 'POST';
        if (req.method !== method) {
          res.setHeader('Allow', method);
          return send(res, 405, { success: false, message: `${name} is a ${method}.` });
        }
        const body = method === 'POST' ? await readJson(req) : {};
        body.actor = `${text(body.actor, 'actor') ?? 'release endpoint'} (token)`;
        send(res, 200, { success: true, ...(await action(body)) });
      } catch (error) {
        // A refusal (not published, live already, the gate) is the caller's to fix: 409 with why.
        send(res, error.status ?? 409, { success: false, message: error.message });
      }
    },
  };
}

/**
 * The canary guard: while a remote has a canary, reads its figures from the API's release reports
 * every `intervalMs` and rolls it back once `failures / visitors` passes its threshold with at
 * least its minimum of visitors. Recorded as `canary-rollback` by `canary guard`, with the
 * figures. Several host servers may run one each: the registry's compare-and-swap lets only the
 * first end it. Returns a stop function.
 * @param {{ live: { current: () => any, refresh: () => Promise<any> }, dir: string, registry: import('../release/registry.mjs').RegistryStore, stats: (remote: string) => Promise<Array<{ version: string, visitors: number, failures: number }>>, intervalMs?: number, log?: (line: string) => void, onRollback?: (change: any) => void }} options
 */
export function startCanaryGuard({
  live,
  dir,
  registry,
  stats,
  intervalMs = 1_000,
  log = () => {},
  onRollback = () => {},
}) {
  let busy = false;
  let lastProblem = '';
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      for (const [remote, state] of Object.entries(live.current().remotes)) {
        const running = state?.canary;
        if (!running) continue;
        const figures = (await stats(remote)).find((row) => row.version === running.version);
        if (!figures || figures.visitors < running.minVisitors) continue;
        const rate = figures.failures / figures.visitors;
        if (rate <= running.threshold) continue;
        const reason = `failure rate ${Math.round(rate * 100)}% (${figures.failures} of ${figures.visitors} visitors) passed the threshold of ${Math.round(running.threshold * 100)}%`;
        const ended = await abortCanary({
          dir,
          registry,
          remote,
          version: running.version,
          actor: 'canary guard',
          reason,
        });
        if (ended) {
          log(`canary guard: ${remote} ${running.version} rolled back: ${reason}`);
          onRollback(ended);
          await live.refresh();
        }
      }
      lastProblem = '';
    } catch (error) {
      // Said once, not every second while the API is away.
      if (error.message !== lastProblem) log(`canary guard: ${error.message}`);
      lastProblem = error.message;
    } finally {
      busy = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A remote's figures by version from the API's release reports (`GET …/releases/reports`, with
 * the release token): `[{ version, visitors, failures, failureRate, lastFailure }]`.
 */
export function releaseStatsFrom(apiBaseUrl, token, fetchImpl = fetch) {
  const base = apiBaseUrl.replace(/\/+$/, '');
  return async (remote) => {
    const response = await fetchImpl(
      `${base}/releases/reports?remote=${encodeURIComponent(remote)}`,
      {
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(3_000),
      },
    );
    if (!response.ok) throw new Error(`the API's release reports answered ${response.status}`);
    return (await response.json()).data;
  };
}
