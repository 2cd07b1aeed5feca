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
