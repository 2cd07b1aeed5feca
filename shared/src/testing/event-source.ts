import type { MarketEvent } from '../contract';

/**
 * The browser's EventSource, as far as the live pages use it (`fakeEventSource()` installs it on
 * `globalThis`; jsdom has none): each stream opened is kept, and the test sends its events.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every stream opened since `fakeEventSource()`, oldest first. */
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string; lastEventId: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  /** A message of the stream: the event, its id the event's. */
  send(event: Partial<MarketEvent> & { id: number }) {
    this.onmessage?.({ data: JSON.stringify(event), lastEventId: String(event.id) });
  }
}

/** Installs the fake EventSource (none opened yet); returns the function that removes it. */
export function fakeEventSource(): () => void {
  FakeEventSource.opened = [];
  Object.assign(globalThis, { EventSource: FakeEventSource });
  return () => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
  };
}

/**
 * The one stream a page opened, once it has (pages open it when idle), checked to follow every
 * event (no filter); fails after `timeoutMs`, or when the page opened more than one. Real timers.
 */
export async function pageStream(timeoutMs = 3_000): Promise<FakeEventSource> {
  const until = Date.now() + timeoutMs;
  while (FakeEventSource.opened.length === 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const { opened } = FakeEventSource;
  if (opened.length !== 1) throw new Error(`${opened.length} streams opened, not one`);
  const [only] = opened as [FakeEventSource];
  if (!/\/market\/stream$/.test(only.url)) throw new Error(`a filtered stream: ${only.url}`);
  return only;
}
