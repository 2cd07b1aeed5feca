/**
 * The live stream (`GET /market/stream`, issue 31 "Live pages"): a stream resumed after an id gets
 * exactly the events after it, in order, then the live ones; filters by item and kind; bad input
 * is 400 with a message; the caps answer 429 and 503, and a closed connection frees its slot.
 * Issue 31's check: 100 disconnects during a burst of 1,000 events across two API instances
 * (one database server; one instance on the embedded database), every client gets every event
 * exactly once, in order.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import type { Db } from '../../src/db/client';
import { recordEvents, type MarketEvent } from '../../src/market/events';
import { STREAM_MESSAGES } from '../../src/routes/market-stream';
import { buildTestApp, json, type TestApp } from '../helpers';
import { sseClient, type SseClient } from '../support/sse-client';

const app = await buildTestApp(
  { after },
  { stream: { pollMs: 25, heartbeatMs: 1_000, maxStreams: 40, maxStreamsPerAddress: 30 } },
);
const origin = await listen(app);

async function listen(instance: TestApp | Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  await instance.listen({ port: 0, host: '127.0.0.1' });
  const { port } = instance.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

async function lastId(db: Db = app.database.db): Promise<number> {
  const rows = await db.execute(sql`select coalesce(max(id), 0) as id from market_events`);
  return Number((rows as { rows: { id: string | number }[] }).rows[0]?.id ?? 0);
}

/** Writes `count` events (reprices of nothing: only their rows matter), one transaction each. */
async function write(
  count: number,
  item: MarketEvent['item'] = { id: 1, kind: 'nfa' },
  db: Db = app.database.db,
): Promise<void> {
  for (let n = 0; n < count; n++) {
    await db.transaction((tx) =>
      recordEvents(tx, [{ kind: 'listing.repriced', item, amountCents: 100 + n, at: new Date() }]),
    );
  }
}

/** The ids after `mark`, as the outbox holds them (optionally of one item or kind). */
async function idsAfter(mark: number, where = sql`true`): Promise<number[]> {
  const rows = await app.database.rows<{ id: string | number }>(
    sql`select id from market_events where id > ${mark} and ${where} order by id`,
  );
  return rows.map((row) => Number(row.id));
}

const ids = (client: SseClient) => client.messages.map((message) => message.id);

/** Resolves once the instance's hub holds `count` open streams. */
async function openStreams(count: number, instance: TestApp = app): Promise<void> {
  for (let n = 0; n < 200 && instance.marketStream.size !== count; n++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.equal(instance.marketStream.size, count, 'open streams on the instance');
}

describe('GET /market/stream', () => {
  it('resumes after an id: exactly the events after it, in order, then the live ones', async () => {
    const mark = await lastId();
    await write(5);
    const written = await idsAfter(mark);
    assert.equal(written.length, 5);
    const client = sseClient('/api/v1/market/stream', { lastEventId: String(written[1]) });
    const res = await client.connect(origin);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/event-stream/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['cache-control'], 'no-store, no-transform');
    await client.waitFor(3);
    assert.deepEqual(ids(client), written.slice(2));
    const first = client.messages[0]!.data as Record<string, unknown>;
    assert.equal(first.kind, 'listing.repriced');
    assert.equal(first.itemId, '1');
    assert.equal('sellerId' in first || 'buyerId' in first, false, 'no user ids');

    await write(2);
    await client.waitFor(5);
    assert.deepEqual(ids(client), (await idsAfter(mark)).slice(2));
    client.drop();

    // ?after= on a first connection does the same; Last-Event-ID wins when both are sent.
    const byQuery = sseClient(`/api/v1/market/stream?after=${written[3]}`);
    await byQuery.connect(origin);
    await byQuery.waitFor(3);
    assert.deepEqual(ids(byQuery), (await idsAfter(mark)).slice(4));
    byQuery.drop();
    const both = sseClient(`/api/v1/market/stream?after=${written[3]}`, {
      lastEventId: String(written[0]),
    });
    await both.connect(origin);
    await both.waitFor(6);
    assert.deepEqual(ids(both), (await idsAfter(mark)).slice(1));
    both.drop();
  });

  it('without an id it starts from now, its first message giving the id to resume from', async () => {
    const client = sseClient('/api/v1/market/stream');
    await client.connect(origin);
    for (let n = 0; n < 100 && client.lastEventId === ''; n++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(client.lastEventId, String(await lastId()));
    const mark = await lastId();
    await write(2);
    await client.waitFor(2);
    assert.deepEqual(ids(client), await idsAfter(mark));
    // A heartbeat comment keeps an idle stream open.
    for (let n = 0; n < 300 && client.comments === 0; n++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(client.comments > 0, 'a heartbeat within the interval');
    client.drop();
  });

  it("filters: one item's events, one kind's events", async () => {
    const mark = await lastId();
    const byItem = sseClient(`/api/v1/market/stream?item=7&after=${mark}`);
    const byKind = sseClient(`/api/v1/market/stream?kind=land&after=${mark}`);
    await Promise.all([byItem.connect(origin), byKind.connect(origin)]);
    await write(2, { id: 7, kind: 'nfa' });
    await write(2, { id: 8, kind: 'nfa' });
    await write(2, { id: 150, kind: 'land' });
    await write(1, { id: 7, kind: 'nfa' });
    await Promise.all([byItem.waitFor(3), byKind.waitFor(2)]);
    assert.deepEqual(ids(byItem), await idsAfter(mark, sql`item_id = 7`));
    assert.deepEqual(ids(byKind), await idsAfter(mark, sql`item_kind = 'land'`));
    // Resumed with a filter: the catch-up is filtered too.
    const resumed = sseClient(`/api/v1/market/stream?item=7&after=${mark}`);
    await resumed.connect(origin);
    await resumed.waitFor(3);
    assert.deepEqual(ids(resumed), ids(byItem));
    for (const client of [byItem, byKind, resumed]) client.drop();
  });

  it('bad input: 400 with a message, never a 500', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/api/v1/market/stream', { 'last-event-id': 'abc' }],
      ['/api/v1/market/stream', { 'last-event-id': '-1' }],
      ['/api/v1/market/stream', { 'last-event-id': '1.5' }],
      ['/api/v1/market/stream', { 'last-event-id': '99999999999999999999' }],
      ['/api/v1/market/stream?after=-1', {}],
      ['/api/v1/market/stream?after=abc', {}],
      ['/api/v1/market/stream?item=0', {}],
      ['/api/v1/market/stream?item=x', {}],
      ['/api/v1/market/stream?kind=boat', {}],
      ['/api/v1/market/stream?limit=5', {}],
    ];
    for (const [url, headers] of cases) {
      const response = await app.inject({ method: 'GET', url, headers });
      assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(headers)}: ${response.body}`);
      assert.equal(json(response).success, false);
      assert.ok(json(response).message.length > 0);
    }
    // HEAD answers the headers and ends (no stream is held open).
    await openStreams(0);
    const head = await app.inject({ method: 'HEAD', url: '/api/v1/market/stream' });
    assert.equal(head.statusCode, 200);
    assert.match(String(head.headers['content-type']), /^text\/event-stream/);
    assert.equal(app.marketStream.size, 0);
    const header = await app.inject({
      method: 'GET',
      url: '/api/v1/market/stream',
      headers: { 'last-event-id': 'abc' },
    });
    assert.equal(json(header).message, STREAM_MESSAGES.badLastEventId);
  });

  it('caps open streams per address (429) and per instance (503); a closed stream frees its slot', async (t) => {
    const small = await buildTestApp(t, {
      stream: { pollMs: 25, heartbeatMs: 15_000, maxStreams: 3, maxStreamsPerAddress: 2 },
    });
    const smallOrigin = await listen(small);
    const [a, b, c] = [0, 1, 2].map(() => sseClient('/api/v1/market/stream'));
    await a!.connect(smallOrigin);
    await b!.connect(smallOrigin);
    await openStreams(2, small);
    const metrics = await small.inject({ method: 'GET', url: '/metrics' });
    assert.match(metrics.body, /^hypertek_api_market_streams 2$/m);
    const refused = await c!.connect(smallOrigin);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers['retry-after'], '5');
    a!.drop();
    await openStreams(1, small);
    const again = await c!.connect(smallOrigin);
    assert.equal(again.statusCode, 200, 'the closed stream freed its slot');
    await openStreams(2, small);

    // The instance's cap: a stream from another address is its third, the next its fourth.
    const other = sseClient('/api/v1/market/stream', { localAddress: '127.0.0.2' });
    assert.equal((await other.connect(smallOrigin)).statusCode, 200);
    await openStreams(3, small);
    const full = await sseClient('/api/v1/market/stream', { localAddress: '127.0.0.3' }).connect(
      smallOrigin,
    );
    assert.equal(full.statusCode, 503);
    assert.equal(full.headers['retry-after'], '5');
    for (const client of [b!, c!, other]) client.drop();
    await openStreams(0, small);
  });

  it('100 disconnects during a burst of 1,000 events across two instances: every event once, in order, to every client', async (t) => {
    // On a database server a second instance shares the database, not the memory; the embedded
    // database is one process: one instance.
    const second =
      app.database.driver === 'postgres'
        ? await buildApp({ ...app.config, seedOnStart: false })
        : null;
    if (second !== null) t.after(() => second.close());
    const origins = second === null ? [origin] : [origin, await listen(second)];
    const CLIENTS = 20;
    const EVENTS = 1_000;
    const DISCONNECTS = 100;
    const mark = await lastId();
    const clients = Array.from({ length: CLIENTS }, () =>
      sseClient('/api/v1/market/stream', { lastEventId: String(mark) }),
    );
    await Promise.all(clients.map((client, n) => client.connect(origins[n % origins.length]!)));

    // The burst: 1,000 events in transactions of 1 to 5, on both instances' connections.
    const writers = [app.database.db, ...(second === null ? [] : [second.database.db])];
    const burst = (async () => {
      let written = 0;
      for (let n = 0; written < EVENTS; n++) {
        const size = Math.min(1 + (n % 5), EVENTS - written);
        const db = writers[n % writers.length]!;
        await db.transaction((tx) =>
          recordEvents(
            tx,
            Array.from({ length: size }, (_, k) => ({
              kind: 'listing.repriced' as const,
              item: { id: 1 + ((written + k) % 50), kind: 'nfa' as const },
              amountCents: 1 + written + k,
              at: new Date(),
            })),
          ),
        );
        written += size;
      }
    })();
    // Meanwhile: 100 connections dropped at random, each reconnected to a random instance.
    let dropped = 0;
    const chaos = (async () => {
      while (dropped < DISCONNECTS) {
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 15));
        const client = clients[Math.floor(Math.random() * CLIENTS)]!;
        client.drop();
        dropped++;
        const to = origins[Math.floor(Math.random() * origins.length)]!;
        const res = await client.connect(to);
        assert.equal(res.statusCode, 200);
      }
    })();
    await Promise.all([burst, chaos]);
    const expected = await idsAfter(mark);
    assert.equal(expected.length, EVENTS);
    const settled = await Promise.allSettled(clients.map((client) => client.waitFor(EVENTS)));
    const report = clients.map((client, n) => {
      const got = ids(client);
      const seen = new Set(got);
      return {
        n,
        received: got.length,
        duplicates: got.length - seen.size,
        missing: expected.filter((id) => !seen.has(id)).length,
        outOfOrder: got.filter((id, i) => i > 0 && id <= got[i - 1]!).length,
        connections: client.connections,
      };
    });
    const bad = report.filter(
      (r, n) =>
        r.received !== EVENTS ||
        r.duplicates ||
        r.missing ||
        r.outOfOrder ||
        settled[n]!.status === 'rejected',
    );
    assert.deepEqual(
      bad,
      [],
      `${origins.length} instance(s), ${dropped} disconnects, ${EVENTS} events:\n` +
        report.map((r) => JSON.stringify(r)).join('\n'),
    );
    for (const client of clients) assert.deepEqual(ids(client), expected);
    assert.equal(dropped, DISCONNECTS);
    assert.ok(
      clients.reduce((sum, client) => sum + client.connections, 0) === CLIENTS + DISCONNECTS,
    );
    for (const client of clients) client.drop();
  });
});
