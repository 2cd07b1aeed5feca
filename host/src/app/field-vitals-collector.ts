/**
 * The field Web Vitals collector (loaded on idle by `field-vitals.ts`, in a chunk of its own with
 * the `web-vitals` attribution build).
 *
 * - **A page view** is a navigation as `web-vitals` sees it: the document's load, then each soft
 *   navigation the browser detects (`reportSoftNavs`: an interaction that changes the URL and
 *   paints, in browsers that support it; elsewhere the document's whole life is one page view), and
 *   a restore from the back/forward cache. Its figures are the library's final values
 *   (`reportAllChanges` off); a soft navigation's TTFB, which the library gives as 0, is left out.
 * - **Sent once** per page view, one beacon (`api.releases.vitals`): when the page is hidden
 *   (`visibilitychange`, `pagehide`), or a few seconds after a newer page view started (the
 *   library finalises the previous one's INP and CLS at the soft navigation). Figures that arrive
 *   for a page view already sent are dropped.
 * - **Sampled** per page view (`fieldDataSampleRate`), **tagged** with the route (the route table's
 *   path, its parameters left out: never a query, a token or anything typed) and the release of
 *   the remote that serves it; a page view on a path of no remote, or whose remote has no release
 *   on this page, or without a visitor id, sends nothing.
 * - **INP's remote**: the remote whose scripts ran longest in the long animation frames of the INP
 *   interaction (`longAnimationFrameEntries[].scripts[].sourceURL`, matched to the remote whose
 *   manifest's folder, or else whose origin, the script comes from); left out when no script of
 *   those frames is a remote's (the browser has no long-animation-frame data, or only the host's
 *   scripts ran: React dispatches every event from the host's shared copy of react-dom).
 */
import {
  api,
  getRuntimeConfig,
  visitorId,
  type PageRelease,
  type RemoteName,
  type VitalsBeacon,
} from '@hypertek/shared';
import {
  FIELD_BEACON_MAX_BYTES,
  FIELD_ROUTE_MAX_LENGTH,
  isRemoteName,
  WEB_VITAL_MAX,
  type WEB_VITALS,
} from '@hypertek/shared/release-words';
import {
  onCLS,
  onFCP,
  onINP,
  onLCP,
  onTTFB,
  type MetricWithAttribution,
} from 'web-vitals/attribution';

import { REMOTE_ROUTES, routePattern } from './route-table';

type Vital = (typeof WEB_VITALS)[number];

/** The API's bound of a beacon's body. */
export const BEACON_MAX_BYTES = FIELD_BEACON_MAX_BYTES;
/** How long after a newer page view started the previous ones are sent. */
export const SETTLE_MS = 3_000;

interface PageView {
  route: string;
  release: PageRelease;
  vitals: Partial<Record<Vital, number>>;
  inpRemote?: RemoteName;
  sent: boolean;
}

/** The route table's patterns, compiled once. */
const ROUTE_MATCHERS = REMOTE_ROUTES.map((entry) => ({
  entry,
  regex: new RegExp(routePattern(entry.path), 'i'),
}));

/** The route table's route of `pathname` and its remote, or null for a path of no remote. */
export function routeOf(pathname: string): { route: string; remote: RemoteName } | null {
  const entry = ROUTE_MATCHERS.find(({ regex }) => regex.test(pathname))?.entry;
  if (!entry) return null;
  const route = entry.path
    .split('/')
    .filter((part) => !part.startsWith(':'))
    .join('/');
  return { route: (route || '/').slice(0, FIELD_ROUTE_MAX_LENGTH), remote: entry.remote };
}

/** The remote a script (its URL) belongs to: by its manifest's folder, else by origin alone. */
export function remoteOfScript(
  sourceURL: string,
  remotes: Partial<Record<RemoteName, string>> = getRuntimeConfig().remotes,
): RemoteName | null {
  let script: URL;
  try {
    script = new URL(sourceURL);
  } catch {
    return null;
  }
  const known = Object.entries(remotes).flatMap(([name, manifest]) => {
    try {
      return isRemoteName(name) && manifest ? [{ name, folder: new URL('.', manifest) }] : [];
    } catch {
      return [];
    }
  });
  const inFolder = known
    .filter(({ folder }) => script.href.startsWith(folder.href))
    .sort((a, b) => b.folder.href.length - a.folder.href.length)[0];
  if (inFolder) return inFolder.name;
  // A remote alone on its origin (not the page's own) owns every script from there.
  const sameOrigin = known.filter(({ folder }) => folder.origin === script.origin);
  return sameOrigin.length === 1 && script.origin !== window.location.origin
    ? (sameOrigin[0]?.name ?? null)
    : null;
}

/** The remote whose scripts ran longest in these long animation frames, if any ran. */
export function inpRemoteOf(
  frames: readonly { scripts: readonly { sourceURL: string; duration: number }[] }[],
  remotes?: Partial<Record<RemoteName, string>>,
): RemoteName | undefined {
  const time = new Map<RemoteName, number>();
  for (const { scripts } of frames)
    for (const { sourceURL, duration } of scripts) {
      const remote = remoteOfScript(sourceURL, remotes);
      if (remote) time.set(remote, (time.get(remote) ?? 0) + duration);
    }
  return [...time].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The beacon's body for a page view, or null when it has nothing to send or nobody to send for. */
export function beaconOf(view: PageView): VitalsBeacon | null {
  const visitor = visitorId();
  if (!visitor || Object.keys(view.vitals).length === 0) return null;
  const body: VitalsBeacon = {
    visitor,
    route: view.route,
    releases: [view.release],
    vitals: view.vitals,
    ...(view.inpRemote ? { inpRemote: view.inpRemote } : {}),
  };
  // Bounded by construction (a route of the table, one release); kept under the API's limit anyway.
  return JSON.stringify(body).length <= BEACON_MAX_BYTES ? body : null;
}

/**
 * The User Timing mark a page view's first figure leaves: from then on leaving the page sends its
 * beacon (the browser journey waits for it; a page left sooner has nothing to say yet).
 */
export const FIELD_VIEW_MEASURED = 'hypertek:field-view-measured';

/**
 * Measures every page view from now on with `sampleRate` (0..1; `random` draws the sample) and
 * sends each one's beacon. Returns `flush`, which sends what is pending (what page hide does), and
 * `stop`, which ends the page events' listeners (for tests).
 */
export function collectFieldVitals(sampleRate: number, random: () => number = Math.random) {
  /** Page views by navigation; null: not measured (not sampled, or nothing to tag it with). */
  const views = new Map<string, PageView | null>();
  let latest = '';
  let restores = 0;
  let settle: ReturnType<typeof setTimeout> | undefined;

  const send = (view: PageView) => {
    if (view.sent) return;
    const body = beaconOf(view);
    if (!body) return;
    view.sent = true;
    void api.releases.vitals(body);
  };
  const sendAll = (keep = '') => {
    for (const [key, view] of views) if (view && key !== keep) send(view);
  };

  const viewFor = (metric: MetricWithAttribution): PageView | null => {
    const key =
      metric.navigationType === 'back-forward-cache'
        ? `bfcache-${restores}`
        : `navigation-${metric.navigationId}`;
    if (views.has(key)) return views.get(key) ?? null;
    let view: PageView | null = null;
    const url = metric.navigationURL ?? window.location.href;
    const found = routeOf(new URL(url, window.location.href).pathname);
    const release = found && getRuntimeConfig().releases?.[found.remote];
    if (found && release && random() < sampleRate)
      view = {
        route: found.route,
        release: { remote: found.remote, version: release.version, channel: release.channel },
        vitals: {},
        sent: false,
      };
    views.set(key, view);
    if (latest && key !== latest) {
      // A newer page view: the previous ones' last figures come within moments.
      clearTimeout(settle);
      settle = setTimeout(() => sendAll(latest), SETTLE_MS);
    }
    latest = key;
    return view;
  };

  const record = (metric: MetricWithAttribution) => {
    const view = viewFor(metric);
    if (!view || view.sent) return;
    if (metric.name === 'TTFB' && metric.navigationType === 'soft-navigation') return;
    const value = metric.name === 'CLS' ? Math.round(metric.value * 1e4) / 1e4 : metric.value;
    if (!Number.isFinite(value) || value < 0 || value > WEB_VITAL_MAX[metric.name]) return;
    if (Object.keys(view.vitals).length === 0) performance.mark(FIELD_VIEW_MEASURED);
    view.vitals[metric.name] = metric.name === 'CLS' ? value : Math.round(value);
    if (metric.name === 'INP') {
      const inpRemote = inpRemoteOf(metric.attribution.longAnimationFrameEntries);
      if (inpRemote) view.inpRemote = inpRemote;
      else delete view.inpRemote;
    }
  };

  const options = { reportSoftNavs: true };
  onLCP(record, options);
  onINP(record, options);
  onCLS(record, options);
  onFCP(record, options);
  onTTFB(record, options);

  const flush = () => {
    clearTimeout(settle);
    sendAll();
  };
  // On `document`: after the library's own listener (on `window`, capturing), which reports
  // the final INP, CLS and LCP when the page is hidden.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted) restores++;
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', flush);
  window.addEventListener('pageshow', onShow);
  const stop = () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', flush);
    window.removeEventListener('pageshow', onShow);
  };
  return { flush, stop };
}
