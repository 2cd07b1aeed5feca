import type * as RuntimeConfig from '../config/runtime-config';
import type * as Funnel from './funnel';
import { recordBeacons } from '../testing/beacons';
import { visitorId } from './visitor-id';

const API = 'https://api.hypertek.test/api/v1/';
const VISITOR = 'v1sitor-id-0123456789';

const RELEASES = {
  marketing: { version: '1.2.0+aaaaaaa', channel: 'canary' },
  account: { version: '1.0.0', channel: 'live' },
  checkout: { version: '2.0.0-rc.1', channel: 'preview' },
} as const;

/**
 * The module afresh (it sends each step once per page load), with its own runtime config: this
 * page's releases unless told.
 */
function freshFunnel(config: RuntimeConfig.RuntimeConfigInput = { releases: RELEASES }) {
  let funnel: typeof Funnel | undefined;
  let runtime: typeof RuntimeConfig | undefined;
  jest.isolateModules(() => {
    runtime = jest.requireActual<typeof RuntimeConfig>('../config/runtime-config');
    funnel = jest.requireActual<typeof Funnel>('./funnel');
  });
  if (!funnel || !runtime) throw new Error('the module did not load');
  runtime.setRuntimeConfig({ apiBaseUrl: API, ...config });
  return funnel;
}

const { sendBeacon, sent: beacons } = recordBeacons();
const sent = async () =>
  (await beacons()).map(({ url, type, body }) => {
    expect(url).toBe('https://api.hypertek.test/api/v1/releases/funnel');
    expect(type).toBe('text/plain');
    return body;
  });

beforeEach(() => {
  document.cookie = `ht_visitor=${VISITOR}`;
});

describe('reportFunnelStep', () => {
  it("sends the step as a text/plain beacon with the visitor and the owning remote's release", async () => {
    const { reportFunnelStep } = freshFunnel();
    reportFunnelStep('funnel-viewed');
    reportFunnelStep('signup-completed');
    reportFunnelStep('checkout-paid');
    expect(await sent()).toEqual([
      {
        visitor: VISITOR,
        step: 'funnel-viewed',
        releases: [{ remote: 'marketing', version: '1.2.0+aaaaaaa', channel: 'canary' }],
      },
      {
        visitor: VISITOR,
        step: 'signup-completed',
        releases: [{ remote: 'account', version: '1.0.0', channel: 'live' }],
      },
      {
        visitor: VISITOR,
        step: 'checkout-paid',
        releases: [{ remote: 'checkout', version: '2.0.0-rc.1', channel: 'preview' }],
      },
    ]);
  });

  it('sends each step once per page load', () => {
    const { reportFunnelStep } = freshFunnel();
    reportFunnelStep('signup-started');
    reportFunnelStep('signup-started');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it("does nothing without a visitor id or without a release of the step's remote", () => {
    const { reportFunnelStep } = freshFunnel({ releases: { account: RELEASES.account } });
    reportFunnelStep('checkout-opened');
    document.cookie = 'ht_visitor=not a visitor id';
    reportFunnelStep('signup-started');
    expect(sendBeacon).not.toHaveBeenCalled();
    // Neither counted as sent: once there is a visitor, the step goes.
    document.cookie = `ht_visitor=${VISITOR}`;
    reportFunnelStep('signup-started');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('never throws, whatever the browser does with the beacon', () => {
    const { reportFunnelStep } = freshFunnel();
    sendBeacon.mockImplementation(() => {
      throw new TypeError('beacons are off');
    });
    expect(() => reportFunnelStep('checkout-opened')).not.toThrow();
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true });
    expect(() => reportFunnelStep('checkout-paid')).not.toThrow();
  });
});

describe('visitorId', () => {
  it("is the visitor cookie when it is of the host's random form", () => {
    document.cookie = `ht_visitor=${VISITOR}`;
    document.cookie = 'other=1';
    expect(visitorId()).toBe(VISITOR);
    document.cookie = 'ht_visitor=ada@example.com';
    expect(visitorId()).toBeNull();
  });
});
