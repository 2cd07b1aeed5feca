/**
 * The market's live events in the browser (`GET /market/stream`, Server-Sent Events): one
 * EventSource, which reconnects by itself with `Last-Event-ID` and so gets every event it missed,
 * once, in order. When the browser gives up (the server refused the stream: 429 or 503, or it was
 * unreachable) it is opened again after a growing pause, from the last event received.
 *
 * Loaded on its own (`useMarketEvents` in `@hypertek/shared/data` imports it once the page is
 * idle): no page's first script carries it.
 *
 * One stream per filter for the whole page: the bell (host), a table (a remote) and a feed that
 * all follow every event share one EventSource. The streams open are kept on `globalThis`, as the
 * QueryClient is, because each app bundles this module; the last listener to leave closes it.
 */
import { getRuntimeConfig, type ItemKind, type MarketEvent } from '@hypertek/shared';

/** Which events: one item's, one kind's, or every event. */
export interface MarketEventsFilter {
  item?: string;
  kind?: ItemKind;
}

/** Pause before opening a refused stream again: 5 s, doubled up to a minute. */
const FIRST_PAUSE_MS = 5_000;
const LONGEST_PAUSE_MS = 60_000;

/** The stream's address under the API's base, with its filter and where to resume. */
export function marketStreamUrl(
  apiBaseUrl: string,
  filter: MarketEventsFilter,
  after: string | null = null,
): string {
  const params = new URLSearchParams();
  if (filter.item !== undefined) params.set('item', filter.item);
  if (filter.kind !== undefined) params.set('kind', filter.kind);
  if (after !== null) params.set('after', after);
  const query = params.toString();
  return `${apiBaseUrl.replace(/\/+$/, '')}/market/stream${query === '' ? '' : `?${query}`}`;
}

type Listener = (event: MarketEvent) => void;

/** A stream the page holds, with whoever listens to it (kept small: every app reads it). */
interface SharedStream {
  listeners: Set<Listener>;
  close: () => void;
}

const KEY = Symbol.for('hypertek.marketStreams');
const store = globalThis as typeof globalThis & { [KEY]?: Map<string, SharedStream> };

/**
 * Calls `onEvent` with each event of the market that matches `filter`, from now on, until the
 * returned function is called. Listeners of the same filter share one stream. Does nothing where
 * there is no EventSource (a server render, a test's DOM).
 */
export function openMarketEvents(filter: MarketEventsFilter, onEvent: Listener): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const streams = (store[KEY] ??= new Map<string, SharedStream>());
  const key = marketStreamUrl(getRuntimeConfig().apiBaseUrl, filter);
  let shared = streams.get(key);
  if (shared === undefined) {
    const listeners = new Set<Listener>();
    const close = openStream(filter, (event) => {
      for (const listener of [...listeners]) listener(event);
    });
    shared = { listeners, close };
    streams.set(key, shared);
  }
  const held = shared;
  // Its own function: the same callback given twice is two listeners, each closed once.
  const listener: Listener = (event) => onEvent(event);
  held.listeners.add(listener);
  return () => {
    if (!held.listeners.delete(listener) || held.listeners.size > 0) return;
    held.close();
    if (streams.get(key) === held) streams.delete(key);
  };
}

/** One EventSource for `filter`, opened again after a refusal, until the returned function. */
function openStream(filter: MarketEventsFilter, onEvent: Listener): () => void {
  let source: EventSource | null = null;
  let lastId: string | null = null;
  let pause = FIRST_PAUSE_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const open = () => {
    timer = null;
    source = new EventSource(marketStreamUrl(getRuntimeConfig().apiBaseUrl, filter, lastId));
    source.onopen = () => {
      pause = FIRST_PAUSE_MS;
    };
    source.onmessage = (message: MessageEvent<string>) => {
      if (message.lastEventId !== '') lastId = message.lastEventId;
      let event: MarketEvent;
      try {
        event = JSON.parse(message.data) as MarketEvent;
      } catch {
        return;
      }
      onEvent(event);
    };
    source.onerror = () => {
      // CONNECTING: the browser reconnects by itself (with Last-Event-ID). CLOSED: it gave up.
      if (source?.readyState !== EventSource.CLOSED || stopped) return;
      source = null;
      timer = setTimeout(open, pause);
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    };
  };
  open();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    source?.close();
    source = null;
  };
}
