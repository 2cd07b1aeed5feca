/**
 * The live stream's hub (lib/market-stream.ts) on an outbox in memory: live events that overflow
 * a catching-up stream's buffer are read again from the outbox (none lost, none twice), and a
 * stream too slow to follow is ended and its slot freed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MarketStreamHub, type StreamClient, type StreamEvent } from '../../src/lib/market-stream';

/** An outbox in memory; `after` takes `delayMs` (a slow read). */
function outbox(delayMs = 0) {
  const events: StreamEvent[] = [];
  return {
    events,
    add(count: number) {
      for (let n = 0; n < count; n++) {
        const id = events.length + 1;
        events.push({ id, itemId: 1, itemKind: 'nfa', frame: `id: ${id}\ndata: {}\n\n` });
      }
    },
    source: {
      // As a database answers: what was committed when the read began, given a while later.
      async after(afterId: number, limit: number) {
        const found = events.filter((event) => event.id > afterId).slice(0, limit);
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return found;
      },
      async head() {
        return events.length;
      },
    },
  };
}

/** A connection that records the ids it was sent; `full` makes every write report a full buffer. */
function client(full = false) {
  const ids: number[] = [];
  let ended = false;
  const connection: StreamClient = {
    write(text) {
      const match = /^id: (\d+)\ndata:/.exec(text);
      if (match) ids.push(Number(match[1]));
      return !full;
    },
    pending: () => (full ? 2_000_000 : 0),
    drained: async () => {},
    end: () => {
      ended = true;
    },
  };
  return { ids, connection, ended: () => ended };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const options = { pollMs: 5, heartbeatMs: 60_000, maxStreams: 10, maxStreamsPerAddress: 10 };

describe('the live stream hub', () => {
  it('a catch-up whose buffer overflowed reads the outbox again: every event once, in order', async () => {
    const box = outbox(30);
    box.add(10);
    const hub = new MarketStreamHub({
      ...options,
      source: box.source,
      pageSize: 4,
      maxBuffered: 2,
    });
    // A live stream keeps the reader going while the second catches up from 0.
    const watcher = client();
    await hub.join(watcher.connection, 'a', null, null).ready;
    const late = client();
    const stream = hub.join(late.connection, 'b', null, 0);
    // Live events all the while it reads its pages slowly: more than its buffer holds.
    const state = { live: false };
    void stream.ready.then(() => (state.live = true));
    // (1 every 10 ms: slower than it reads, 4 every 30 ms, so it does catch up.)
    while (!state.live) {
      box.add(1);
      await settle(10);
    }
    box.add(2);
    await settle(100);
    const all = box.events.map((event) => event.id);
    assert.deepEqual(late.ids, all);
    assert.deepEqual(watcher.ids, all.slice(10));
    hub.closeAll();
  });

  it('a stream too slow to follow is ended, and its slot freed', async () => {
    const box = outbox();
    const hub = new MarketStreamHub({ ...options, source: box.source, maxStreamsPerAddress: 1 });
    const slow = client(true);
    await hub.join(slow.connection, 'a', null, null).ready;
    assert.equal(hub.admit('a'), 'address-full');
    box.add(1);
    await settle(50);
    assert.equal(slow.ended(), true);
    assert.equal(hub.stats.dropped, 1);
    assert.equal(hub.size, 0);
    assert.equal(hub.admit('a'), 'ok');
    hub.closeAll();
  });
});
