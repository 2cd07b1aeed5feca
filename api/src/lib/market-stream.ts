/**
 * The live market stream's fan-out (routes/market-stream.ts; docs/architecture.md, "The live
 * stream"): one reader per API instance follows the outbox (`market_events`, ids in commit
 * order) and hands each new event, serialized once, to every open stream of this instance whose
 * filter it matches. Instances share nothing but the database: each reads the outbox itself.
 *
 * A stream that resumes (`Last-Event-ID`) first reads what it missed from the database, a page at
 * a time, while the reader's live events wait in its buffer; then the buffer is flushed and the
 * stream is live. Every stream keeps the last id it sent and sends only ids above it, so the two
 * sources never give an event twice, and, since ids are given at commit, never skip one.
 */
import type { ItemKind } from '@hypertek/shared/contract';

/** One event as a stream sends it: what filters look at, and its SSE frame (made once). */
export interface StreamEvent {
  id: number;
  itemId: number;
  itemKind: ItemKind;
  frame: string;
}

/** What a stream asks for: every event, or one item's, or one kind's. */
export interface StreamFilter {
  itemId: number | null;
  itemKind: ItemKind | null;
}

/** Where events come from: the outbox after an id (filtered for a catch-up), and its last id. */
export interface StreamSource {
  after(afterId: number, limit: number, filter: StreamFilter | null): Promise<StreamEvent[]>;
  head(): Promise<number>;
}

/** One open stream: the connection it writes to. */
export interface StreamClient {
  /** Writes a frame; false when the connection's buffer is full (wait for drain). */
  write(text: string): boolean;
  /** Bytes written and not yet sent. */
  pending(): number;
  /** Resolves when the connection can take more (at once unless a write said it was full). */
  drained(): Promise<void>;
  /** Ends the connection (the client reconnects with its Last-Event-ID). */
  end(): void;
}

export interface HubOptions {
  source: StreamSource;
  pollMs: number;
  heartbeatMs: number;
  maxStreams: number;
  maxStreamsPerAddress: number;
  /** Events read at a time (the reader's and a catch-up's pages). */
  pageSize?: number;
  /** Live events a catching-up stream keeps; past it, it reads them from the database instead. */
  maxBuffered?: number;
  /** A stream whose unsent bytes pass this is ended (it resumes from where it was). */
  maxPendingBytes?: number;
  onError?: (error: unknown) => void;
}

export interface Subscriber {
  client: StreamClient;
  address: string;
  filter: StreamFilter | null;
  lastSent: number;
  /** Live events waiting while the stream catches up; null when they overflowed. */
  buffer: StreamEvent[] | null;
  live: boolean;
  closed: boolean;
}

/** An open stream: `leave(subscriber)` when its connection closes. */
export interface Stream {
  subscriber: Subscriber;
  /** Resolves once the stream is live, or closed. */
  ready: Promise<void>;
}

export type Admission = 'ok' | 'instance-full' | 'address-full';

/** How long the SSE `retry:` asks a browser to wait before it reconnects (milliseconds). */
export const RECONNECT_MS = 2_000;

const matches = (filter: StreamFilter | null, event: StreamEvent): boolean =>
  filter === null ||
  ((filter.itemId === null || filter.itemId === event.itemId) &&
    (filter.itemKind === null || filter.itemKind === event.itemKind));

export class MarketStreamHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly perAddress = new Map<string, number>();
  /** The last id the reader has handed out; null while no stream is open. */
  private cursor: number | null = null;
  private starting: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private reading = false;
  private readonly pageSize: number;
  private readonly maxBuffered: number;
  private readonly maxPendingBytes: number;
  /** Figures for /metrics and the benchmark. */
  readonly stats = { reads: 0, delivered: 0, dropped: 0 };

  constructor(private readonly options: HubOptions) {
    this.pageSize = options.pageSize ?? 500;
    this.maxBuffered = options.maxBuffered ?? 10_000;
    this.maxPendingBytes = options.maxPendingBytes ?? 1_000_000;
  }

  /** Open streams on this instance. */
  get size(): number {
    return this.subscribers.size;
  }

  /** Whether one more stream from `address` may open (and if not, whose cap it meets). */
  admit(address: string): Admission {
    if (this.subscribers.size >= this.options.maxStreams) return 'instance-full';
    if ((this.perAddress.get(address) ?? 0) >= this.options.maxStreamsPerAddress) {
      return 'address-full';
    }
    return 'ok';
  }

  /**
   * Opens a stream for `client`: the events after `after` (null: from now on), then live ones.
   * `ready` resolves once it is live (or closed). Call `leave` when the connection closes.
   */
  join(
    client: StreamClient,
    address: string,
    filter: StreamFilter | null,
    after: number | null,
  ): Stream {
    const subscriber: Subscriber = {
      client,
      address,
      filter,
      lastSent: after ?? 0,
      buffer: [],
      live: false,
      closed: false,
    };
    this.subscribers.add(subscriber);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    const ready = (async () => {
      try {
        const head = await this.start();
        if (after === null) subscriber.lastSent = head;
        // The id to resume from, even before any event: a message with an id and no data sets
        // the browser's Last-Event-ID without firing an event.
        client.write(`retry: ${RECONNECT_MS}\nid: ${subscriber.lastSent}\n\n`);
        await this.catchUp(subscriber);
      } catch (error) {
        this.options.onError?.(error);
        this.close(subscriber);
      }
    })();
    return { subscriber, ready };
  }

  /** The stream's connection closed: its slot is free. */
  leave(subscriber: Subscriber): void {
    if (!this.subscribers.delete(subscriber)) return;
    subscriber.closed = true;
    const count = (this.perAddress.get(subscriber.address) ?? 1) - 1;
    if (count > 0) this.perAddress.set(subscriber.address, count);
    else this.perAddress.delete(subscriber.address);
    if (this.subscribers.size === 0) this.stop();
  }

  /** Ends every stream (the app is closing). */
  closeAll(): void {
    for (const subscriber of [...this.subscribers]) this.close(subscriber);
    this.stop();
  }

  private close(subscriber: Subscriber): void {
    this.leave(subscriber);
    subscriber.client.end();
  }

  /** Starts the reader at the outbox's last id (once), and gives the id it starts from. */
  private start(): Promise<number> {
    if (this.cursor !== null) return Promise.resolve(this.cursor);
    this.starting ??= this.options.source.head().then(
      (head) => {
        this.starting = null;
        this.cursor ??= head;
        this.schedule();
        this.heartbeat ??= setInterval(() => this.beat(), this.options.heartbeatMs);
        this.heartbeat.unref();
        return this.cursor;
      },
      (error: unknown) => {
        this.starting = null;
        throw error;
      },
    );
    return this.starting;
  }

  private stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.timer = null;
    this.heartbeat = null;
    // Read from the head again when a stream next opens (nobody needs what comes meanwhile).
    this.cursor = null;
  }

  private schedule(): void {
    if (this.timer !== null || this.cursor === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // Every stream left while the reader was starting: nothing to read for.
      if (this.subscribers.size === 0) this.stop();
      else void this.poll();
    }, this.options.pollMs);
    this.timer.unref();
  }

  /** Reads everything after the cursor, a page at a time, and hands it out. */
  private async poll(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      for (;;) {
        const from = this.cursor;
        if (from === null) return;
        this.stats.reads++;
        const events = await this.options.source.after(from, this.pageSize, null);
        // Stopped meanwhile (no stream left): what was read is nobody's.
        if (this.cursor === null) return;
        for (const event of events) this.deliver(event);
        const last = events.at(-1);
        // Never back: a stream that opened meanwhile may have started the reader further on.
        if (last !== undefined) this.cursor = Math.max(this.cursor, last.id);
        if (events.length < this.pageSize) break;
      }
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.reading = false;
      this.schedule();
    }
  }

  private deliver(event: StreamEvent): void {
    for (const subscriber of this.subscribers) {
      if (!matches(subscriber.filter, event)) continue;
      if (subscriber.live) {
        this.send(subscriber, event);
      } else if (subscriber.buffer !== null) {
        subscriber.buffer.push(event);
        if (subscriber.buffer.length > this.maxBuffered) subscriber.buffer = null;
      }
    }
  }

  private send(subscriber: Subscriber, event: StreamEvent): void {
    if (event.id <= subscriber.lastSent || subscriber.closed) return;
    subscriber.lastSent = event.id;
    this.stats.delivered++;
    if (
      !subscriber.client.write(event.frame) &&
      subscriber.client.pending() > this.maxPendingBytes
    ) {
      // Too slow to follow: ended rather than held in memory; it resumes from its last id.
      this.stats.dropped++;
      this.close(subscriber);
    }
  }

  /** What the stream missed, from the database, then its buffer: then it is live. */
  private async catchUp(subscriber: Subscriber): Promise<void> {
    for (;;) {
      if (subscriber.closed) return;
      const events = await this.options.source.after(
        subscriber.lastSent,
        this.pageSize,
        subscriber.filter,
      );
      for (const event of events) {
        // Ended as too slow: its next connection resumes from here.
        if (!this.subscribers.has(subscriber)) return;
        this.send(subscriber, event);
      }
      await subscriber.client.drained();
      if (events.length === this.pageSize) continue;
      if (subscriber.buffer === null) {
        // Live events overflowed while it read: read again from where it is.
        subscriber.buffer = [];
        continue;
      }
      // Nothing awaited from here on: no live event can slip between the buffer and going live.
      const waiting = subscriber.buffer;
      subscriber.buffer = null;
      subscriber.live = true;
      for (const event of waiting) this.send(subscriber, event);
      return;
    }
  }

  private beat(): void {
    for (const subscriber of this.subscribers) {
      if (subscriber.live) subscriber.client.write(':\n\n');
    }
  }
}
