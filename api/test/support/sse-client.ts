/**
 * A Server-Sent Events client for the live stream's tests and benchmark, as a browser's
 * EventSource behaves: it keeps the last `id` it was given and, when its connection drops,
 * reconnects with `Last-Event-ID` (here when told to, to whichever server it is given).
 */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';

export interface SseMessage {
  id: number;
  data: unknown;
}

export interface SseClient {
  /** Every message with data, in the order received. */
  readonly messages: SseMessage[];
  /** Comment lines received (heartbeats). */
  readonly comments: number;
  /** The last id the server gave (what a reconnection sends). */
  readonly lastEventId: string;
  /** Connections made, the first included. */
  readonly connections: number;
  /** The status and headers of the last connection. */
  readonly response: IncomingMessage | null;
  /** Connects (again) to `origin` with the last id; resolves once the headers came. */
  connect(origin: string): Promise<IncomingMessage>;
  /** Drops the connection abruptly, as a lost network would. */
  drop(): void;
  /** Resolves once `count` messages have been received (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
}

export function sseClient(
  path: string,
  {
    lastEventId = '',
    onMessage,
    localAddress,
  }: {
    lastEventId?: string;
    onMessage?: (message: SseMessage) => void;
    /** The client's own address (a loopback one: 127.0.0.2, …). */
    localAddress?: string;
  } = {},
): SseClient {
  const messages: SseMessage[] = [];
  let comments = 0;
  let last = lastEventId;
  let connections = 0;
  let current: ClientRequest | null = null;
  let response: IncomingMessage | null = null;
  const waiters = new Set<() => void>();

  const dispatch = (block: string) => {
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments++;
      else if (line.startsWith('id:')) id = line.slice(3).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (id !== null) last = id;
    if (data.length > 0) {
      const message = { id: Number(last), data: JSON.parse(data.join('\n')) as unknown };
      messages.push(message);
      onMessage?.(message);
      for (const wake of waiters) wake();
    }
  };

  const client: SseClient = {
    messages,
    get comments() {
      return comments;
    },
    get lastEventId() {
      return last;
    },
    get connections() {
      return connections;
    },
    get response() {
      return response;
    },
    connect(origin) {
      connections++;
      return new Promise((resolve, reject) => {
        const headers: Record<string, string> = { accept: 'text/event-stream' };
        if (last !== '') headers['last-event-id'] = last;
        const req = request(new URL(path, origin), { headers, agent: false, localAddress });
        current = req;
        req.on('response', (res) => {
          response = res;
          res.setEncoding('utf8');
          let pending = '';
          res.on('data', (chunk: string) => {
            pending += chunk;
            let end = pending.indexOf('\n\n');
            while (end !== -1) {
              dispatch(pending.slice(0, end));
              pending = pending.slice(end + 2);
              end = pending.indexOf('\n\n');
            }
          });
          res.on('error', () => {});
          resolve(res);
        });
        req.on('error', (error) => {
          if (response === null || current !== req) reject(error);
        });
        req.end();
      });
    },
    drop() {
      current?.destroy();
      current = null;
    },
    waitFor(count, timeoutMs = 20_000) {
      if (messages.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`received ${messages.length} of ${count} messages in ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
  };
  return client;
}
