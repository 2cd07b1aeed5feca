/**
 * Field Web Vitals (docs/operations.md, "Field data"): each page view's LCP, INP, CLS, FCP and
 * TTFB, measured with the `web-vitals` library's attribution build and sent once per page view
 * at page hide, tagged with its route and the release of its remote, so each version's effect on
 * real visitors is known (and a canary judged on it).
 *
 * This part is in the host's first script and does almost nothing: after the page has loaded,
 * when the browser is idle, it loads the collector (`field-vitals-collector.ts`, with
 * `web-vitals`) in a chunk of its own, and only when there is something to measure for: a
 * sampling rate above 0, a visitor id, a release on the page, and `navigator.sendBeacon`. The
 * library reads what happened before it arrived from the browser's buffered performance entries.
 */
import { getRuntimeConfig, visitorId } from '@hypertek/shared';

/** The longest the collector waits for an idle moment after the page's load event. */
const IDLE_TIMEOUT_MS = 5_000;

/** The sampling rate in force: `fieldDataSampleRate` within 0..1, 1 when unset or not a number. */
export function fieldDataSampleRate(): number {
  const rate = getRuntimeConfig().fieldDataSampleRate;
  return typeof rate === 'number' && Number.isFinite(rate) ? Math.min(1, Math.max(0, rate)) : 1;
}

/** Whether this page can send anything at all. */
export function fieldVitalsWanted(): boolean {
  const releases = getRuntimeConfig().releases;
  return (
    fieldDataSampleRate() > 0 &&
    typeof navigator !== 'undefined' &&
    typeof navigator.sendBeacon === 'function' &&
    releases !== undefined &&
    Object.keys(releases).length > 0 &&
    visitorId() !== null
  );
}

const whenIdle = (run: () => void) => {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 0);
};

let started = false;

/**
 * Starts measuring this page's views (once per page load; later calls do nothing): after the
 * load event, on idle, so that neither the library nor its setting-up is in the page's start.
 */
export function startFieldVitals(): void {
  if (started || !fieldVitalsWanted()) return;
  started = true;
  const load = () =>
    whenIdle(() => {
      import(/* webpackChunkName: "field-vitals" */ './field-vitals-collector').then(
        ({ collectFieldVitals }) => collectFieldVitals(fieldDataSampleRate()),
        (error: unknown) => console.warn('[hypertek] field vitals not loaded', error),
      );
    });
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
}
