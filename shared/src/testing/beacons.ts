/** The beacons a page sends (`navigator.sendBeacon`), as a test reads them. */
import { getRuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { REMOTE_NAMES, VISITOR_COOKIE } from '../contract/release-words.mjs';
import { forgetFunnelSteps, type FunnelStep } from '../field/funnel';

/** One beacon: its address, its body's content type, and its body (JSON). */
export interface SentBeacon {
  url: string;
  type: string;
  body: unknown;
}

/** A blob's text (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });

/**
 * Replaces `navigator.sendBeacon` with a recorder (which answers `true`: queued). Call it once, at
 * the top of a test file: the record is emptied before each test. `sendBeacon` is the mock (to
 * make it refuse or throw); `sent()` reads every beacon sent so far.
 */
export function recordBeacons() {
  const sendBeacon = jest.fn<boolean, [string, (BodyInit | null)?]>(() => true);
  beforeEach(() => {
    sendBeacon.mockReset();
    sendBeacon.mockReturnValue(true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  });
  const sent = (): Promise<SentBeacon[]> =>
    Promise.all(
      sendBeacon.mock.calls.map(async ([url, body]) => {
        const blob = body as Blob;
        return { url, type: blob.type, body: JSON.parse(await textOf(blob)) as unknown };
      }),
    );
  return { sendBeacon, sent };
}

/** The visitor id `recordFunnelSteps` gives the page. */
export const TEST_VISITOR = 'test-visitor-0123456789';

/**
 * Records the funnel steps pages send (`reportFunnelStep`). Call it once, at the top of a test
 * file: before each test the page has a visitor id and a live release `1.0.0` of every remote,
 * and no step counts as sent yet. Returns the function that reads the steps sent, in order.
 */
export function recordFunnelSteps(): () => Promise<FunnelStep[]> {
  const { sent } = recordBeacons();
  beforeEach(() => {
    document.cookie = `${VISITOR_COOKIE}=${TEST_VISITOR}`;
    const live = { version: '1.0.0', channel: 'live' } as const;
    setRuntimeConfig({
      ...getRuntimeConfig(),
      releases: Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, live])),
    });
    forgetFunnelSteps();
  });
  return async () =>
    (await sent())
      .filter(({ url }) => url.endsWith('/releases/funnel'))
      .map(({ body }) => (body as { step: FunnelStep }).step);
}
