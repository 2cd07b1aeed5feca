import type * as ReleaseReports from '../release-reports';
import type * as SharedModule from '@hypertek/shared';

type Reports = typeof ReleaseReports;
type Shared = typeof SharedModule;

/**
 * The module afresh (it reports once per remote and outcome per page load), with the runtime
 * config of a page whose checkout is a canary's release and whose marketing is the live one.
 */
function freshReports(): Reports {
  let reports: Reports | undefined;
  jest.isolateModules(() => {
    jest.requireActual<Shared>('@hypertek/shared').setRuntimeConfig({
      apiBaseUrl: 'https://api.hypertek.test/api/v1',
      releases: {
        checkout: { version: '1.1.0+bbbbbbb', channel: 'canary' },
        marketing: { version: '1.0.0+aaaaaaa', channel: 'live' },
      },
    });
    reports = jest.requireActual<Reports>('../release-reports');
  });
  if (!reports) throw new Error('the module did not load');
  return reports;
}

const fetchMock = jest.fn(() => Promise.resolve(new Response(null, { status: 202 })));
const VISITOR = 'v1sitor-id-0123456789';

beforeEach(() => {
  fetchMock.mockClear();
  global.fetch = fetchMock;
  document.cookie = `ht_visitor=${VISITOR}`;
});

const sentBodies = () =>
  fetchMock.mock.calls.map((call) => {
    const [url, init] = call as unknown as [string, RequestInit];
    expect(url).toBe('https://api.hypertek.test/api/v1/releases/reports');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    return JSON.parse(init.body as string) as Record<string, string>;
  });

describe('release reports', () => {
  it("reports a canary's load once per page, tagged with its version, channel and visitor", () => {
    const { reportLoaded } = freshReports();
    reportLoaded('checkout');
    reportLoaded('checkout');
    expect(sentBodies()).toEqual([
      {
        remote: 'checkout',
        version: '1.1.0+bbbbbbb',
        channel: 'canary',
        visitor: VISITOR,
        outcome: 'loaded',
      },
    ]);
  });

  it("does not count the live release's loads, but reports its failures", () => {
    const { reportLoaded, reportFailed } = freshReports();
    reportLoaded('marketing');
    reportFailed('marketing', 'render', new Error('home crashed'));
    expect(sentBodies()).toEqual([
      expect.objectContaining({
        remote: 'marketing',
        version: '1.0.0+aaaaaaa',
        channel: 'live',
        outcome: 'failed',
        stage: 'render',
        message: 'home crashed',
      }),
    ]);
  });

  it('a failed load is reported once, not again when the boundary catches it', () => {
    const { reportFailed } = freshReports();
    const error = new Error('ScriptExternalLoadError: checkout');
    reportFailed('checkout', 'load', error);
    reportFailed('checkout', 'render', error);
    expect(sentBodies()).toEqual([
      expect.objectContaining({ outcome: 'failed', stage: 'load', message: error.message }),
    ]);
  });

  it("reports a release whose code was refused for its bytes as 'integrity', once", () => {
    const { reportFailed } = freshReports();
    const error = new Error("checkout's remoteEntry.js was refused: its bytes differ");
    reportFailed('checkout', 'integrity', error);
    reportFailed('checkout', 'render', error);
    expect(sentBodies()).toEqual([
      expect.objectContaining({ outcome: 'failed', stage: 'integrity', message: error.message }),
    ]);
  });

  it('says nothing for a remote served in place, or without a visitor cookie', () => {
    const { reportFailed, reportLoaded } = freshReports();
    reportFailed('account', 'render', new Error('x'));
    document.cookie = 'ht_visitor=; max-age=0';
    reportLoaded('checkout');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
