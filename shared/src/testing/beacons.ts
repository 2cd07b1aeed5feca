/** The beacons a page sends (`navigator.sendBeacon`), as a test reads them. */

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
