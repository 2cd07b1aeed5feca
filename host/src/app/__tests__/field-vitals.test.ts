import { setRuntimeConfig, type RuntimeConfigInput } from '@hypertek/shared';
import { recordBeacons } from '@hypertek/shared/testing';

import {
  beaconOf,
  collectFieldVitals,
  inpRemoteOf,
  remoteOfScript,
  routeOf,
  SETTLE_MS,
} from '../field-vitals-collector';
import { fieldDataSampleRate, fieldVitalsWanted } from '../field-vitals';

/** What `web-vitals/attribution` was handed: the latest callback of each metric. */
const reporters = new Map<string, (metric: object) => void>();
const optionsSeen: object[] = [];
jest.mock('web-vitals/attribution', () => {
  const on = (name: string) => (report: (metric: object) => void, options: object) => {
    reporters.set(name, report);
    optionsSeen.push(options);
  };
  return {
    onLCP: on('LCP'),
    onINP: on('INP'),
    onCLS: on('CLS'),
    onFCP: on('FCP'),
    onTTFB: on('TTFB'),
  };
});

const VISITOR = 'v1sitor-id-0123456789';
const API = 'https://api.hypertek.test/api/v1';
const REMOTES = {
  marketing: 'https://marketing.hypertek.test/mf-manifest.json',
  marketplace: 'https://cdn.hypertek.test/marketplace/mf-manifest.json',
  account: 'https://cdn.hypertek.test/account/mf-manifest.json',
  checkout: 'https://checkout.hypertek.test/releases/1.1.0+bbbbbbb/mf-manifest.json',
};
const RELEASES = {
  marketing: { version: '1.2.0+aaaaaaa', channel: 'canary' },
  checkout: { version: '1.1.0+bbbbbbb', channel: 'live' },
} as const;

function configure(extra: RuntimeConfigInput = {}) {
  setRuntimeConfig({ apiBaseUrl: API, remotes: REMOTES, releases: RELEASES, ...extra });
}

/** One metric as web-vitals reports it for navigation `navigationId` of `url`. */
function report(
  name: string,
  value: number,
  { id = 1, url = 'https://www.hypertek.test/funnel-page?utm_source=x', type = 'navigate' } = {},
  attribution: object = { longAnimationFrameEntries: [] },
) {
  const reporter = reporters.get(name);
  if (!reporter) throw new Error(`${name} was not observed`);
  reporter({
    name,
    value,
    navigationId: id,
    navigationURL: url,
    navigationType: type,
    attribution,
  });
}

const { sendBeacon, sent } = recordBeacons();
let stop = () => {};

beforeEach(() => {
  jest.useRealTimers();
  reporters.clear();
  optionsSeen.length = 0;
  document.cookie = `ht_visitor=${VISITOR}`;
  configure();
});
afterEach(() => {
  stop();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

function collect(rate = 1, random = () => 0.5) {
  stop();
  ({ stop } = collectFieldVitals(rate, random));
}

function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const beacons = async () =>
  (await sent()).map((beacon) => ({ ...beacon, body: beacon.body as Record<string, unknown> }));

describe('the field vitals beacon', () => {
  it('asks web-vitals for final values, soft navigations as page views of their own', () => {
    collect();
    expect([...reporters.keys()].sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    for (const options of optionsSeen) expect(options).toEqual({ reportSoftNavs: true }); // reportAllChanges left off
  });

  it("sends one text/plain beacon at page hide: the route without its query, the route's release, the vitals, INP's remote", async () => {
    const mark = jest.spyOn(performance, 'mark');
    collect();
    expect(mark).not.toHaveBeenCalled();
    report('TTFB', 180.4);
    // The page view's first figure is marked once (the browser journey waits for it).
    expect(mark).toHaveBeenCalledWith('hypertek:field-view-measured');
    report('FCP', 900.6);
    expect(mark).toHaveBeenCalledTimes(1);
    mark.mockRestore();
    report('LCP', 1500.2);
    report('CLS', 0.123456);
    report('INP', 260, undefined, {
      longAnimationFrameEntries: [
        {
          scripts: [
            { sourceURL: 'https://www.hypertek.test/static/js/main.js', duration: 120 },
            { sourceURL: 'https://marketing.hypertek.test/static/js/412.js', duration: 90 },
          ],
        },
      ],
    });
    expect(sendBeacon).not.toHaveBeenCalled();
    hide();
    hide();
    window.dispatchEvent(new Event('pagehide'));

    expect(await beacons()).toEqual([
      {
        url: `${API}/releases/vitals`,
        type: 'text/plain',
        body: {
          visitor: VISITOR,
          route: '/funnel-page',
          releases: [{ remote: 'marketing', version: '1.2.0+aaaaaaa', channel: 'canary' }],
          vitals: { TTFB: 180, FCP: 901, LCP: 1500, CLS: 0.1235, INP: 260 },
          inpRemote: 'marketing',
        },
      },
    ]);
  });

  it('leaves inpRemote out when no script of the frames is a remote’s', async () => {
    collect();
    report('INP', 300, undefined, {
      longAnimationFrameEntries: [
        { scripts: [{ sourceURL: 'https://www.hypertek.test/static/js/main.js', duration: 250 }] },
      ],
    });
    window.dispatchEvent(new Event('pagehide'));
    const [beacon] = await beacons();
    expect(beacon?.body).toMatchObject({ vitals: { INP: 300 } });
    expect(beacon?.body).not.toHaveProperty('inpRemote');
  });

  it('sends a page view once: figures after its beacon are dropped', async () => {
    collect();
    report('LCP', 1000);
    hide();
    report('CLS', 0.5);
    hide();
    expect((await beacons()).map((b) => b.body.vitals)).toEqual([{ LCP: 1000 }]);
  });

  it("sends a soft navigation's page view apart, the previous one's a moment after it starts", async () => {
    jest.useFakeTimers();
    collect();
    report('LCP', 1000);
    report('TTFB', 100);
    const land = { id: 2, url: 'https://www.hypertek.test/Checkout-Typo', type: 'soft-navigation' };
    const pay = {
      id: 3,
      url: 'https://www.hypertek.test/stripe-payment?item=9',
      type: 'soft-navigation',
    };
    report('INP', 80, land); // a path of no remote: not measured
    report('INP', 120); // the first page view's final INP, reported at the soft navigation
    report('TTFB', 0, pay); // a soft navigation's TTFB means nothing
    report('FCP', 400, pay);
    expect(sendBeacon).not.toHaveBeenCalled();
    jest.advanceTimersByTime(SETTLE_MS);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    hide();
    const sent = (await beacons()).map((b) => b.body);
    expect(sent).toEqual([
      expect.objectContaining({
        route: '/funnel-page',
        releases: [{ remote: 'marketing', version: '1.2.0+aaaaaaa', channel: 'canary' }],
        vitals: { LCP: 1000, TTFB: 100, INP: 120 },
      }),
      expect.objectContaining({
        route: '/stripe-payment',
        releases: [{ remote: 'checkout', version: '1.1.0+bbbbbbb', channel: 'live' }],
        vitals: { FCP: 400 },
      }),
    ]);
  });

  it('measures a page view as sampled: rate 0 sends nothing, 0.25 sends when the draw is under 0.25', () => {
    collect(0);
    report('LCP', 1000);
    hide();
    expect(sendBeacon).not.toHaveBeenCalled();

    collect(0.25, () => 0.3);
    report('LCP', 1000);
    hide();
    expect(sendBeacon).not.toHaveBeenCalled();

    collect(0.25, () => 0.2);
    report('LCP', 1000);
    hide();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('sends nothing without a visitor id, without a release of the route’s remote, or without figures', () => {
    document.cookie = 'ht_visitor=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    collect();
    report('LCP', 1000);
    hide();
    expect(sendBeacon).not.toHaveBeenCalled();

    document.cookie = `ht_visitor=${VISITOR}`;
    collect();
    report('LCP', 1000, { url: 'https://www.hypertek.test/market-place' }); // no marketplace release
    report('LCP', 1000, { id: 2, url: 'https://www.hypertek.test/nowhere' });
    report('CLS', 101, { id: 3, url: 'https://www.hypertek.test/about' }); // beyond the API's bound
    hide();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('never names a parameter of the path: a reset token stays out', () => {
    expect(routeOf('/reset-password/secret-token-123')).toEqual({
      route: '/reset-password',
      remote: 'account',
    });
    expect(routeOf('/Profile/')).toEqual({ route: '/profile', remote: 'account' });
    expect(routeOf('/')).toEqual({ route: '/', remote: 'marketing' });
    expect(routeOf('/not-a-page')).toBeNull();
  });

  it('keeps a beacon small: at most one release and a route of the table', () => {
    const body = beaconOf({
      route: '/funnel-page',
      release: { remote: 'marketing', version: `1.0.0+${'a'.repeat(94)}`, channel: 'preview' },
      vitals: { LCP: 1, INP: 2, CLS: 3, FCP: 4, TTFB: 5 },
      inpRemote: 'checkout',
      sent: false,
    });
    expect(JSON.stringify(body).length).toBeLessThan(4096);
  });
});

describe("a script's remote", () => {
  it("is the remote whose manifest's folder holds it, the longest folder first", () => {
    expect(remoteOfScript('https://cdn.hypertek.test/account/static/js/9.js')).toBe('account');
    expect(remoteOfScript('https://cdn.hypertek.test/marketplace/remoteEntry.js')).toBe(
      'marketplace',
    );
    expect(
      remoteOfScript('https://checkout.hypertek.test/releases/1.1.0+bbbbbbb/static/js/1.js'),
    ).toBe('checkout');
  });

  it('is the remote alone on the script’s origin, never one sharing the page’s own', () => {
    expect(remoteOfScript('https://checkout.hypertek.test/static/js/old.js')).toBe('checkout');
    expect(remoteOfScript('https://cdn.hypertek.test/elsewhere.js')).toBeNull();
    const onPage = { marketing: `${window.location.origin}/remotes/marketing/mf-manifest.json` };
    expect(remoteOfScript(`${window.location.origin}/static/js/main.js`, onPage)).toBeNull();
    expect(remoteOfScript('not a url')).toBeNull();
  });

  it("INP's remote is the one whose scripts ran longest in the interaction's frames", () => {
    const frames = [
      {
        scripts: [
          { sourceURL: 'https://cdn.hypertek.test/account/a.js', duration: 40 },
          { sourceURL: 'https://marketing.hypertek.test/b.js', duration: 50 },
        ],
      },
      { scripts: [{ sourceURL: 'https://cdn.hypertek.test/account/c.js', duration: 30 }] },
    ];
    expect(inpRemoteOf(frames)).toBe('account');
    expect(inpRemoteOf([])).toBeUndefined();
  });
});

describe('whether to measure at all', () => {
  it('reads the sampling rate from the runtime config, 1 when unset, within 0..1', () => {
    expect(fieldDataSampleRate()).toBe(1);
    configure({ fieldDataSampleRate: 0.1 });
    expect(fieldDataSampleRate()).toBe(0.1);
    configure({ fieldDataSampleRate: 7 });
    expect(fieldDataSampleRate()).toBe(1);
  });

  it('needs a rate above 0, a visitor, a release on the page and sendBeacon', () => {
    expect(fieldVitalsWanted()).toBe(true);
    configure({ fieldDataSampleRate: 0 });
    expect(fieldVitalsWanted()).toBe(false);
    setRuntimeConfig({ apiBaseUrl: API, remotes: REMOTES });
    expect(fieldVitalsWanted()).toBe(false);
    configure();
    document.cookie = 'ht_visitor=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    expect(fieldVitalsWanted()).toBe(false);
  });
});
