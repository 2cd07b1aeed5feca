/**
 * The live stream's hub of this instance (lib/market-stream.ts), over the outbox: one reader
 * that follows `market_events` every `MARKET_STREAM_POLL_MS` while streams are open, and the
 * catch-up reads of resuming streams (filtered by item or kind on the outbox's item index).
 * Open streams are ended before the server closes (they would hold it open; clients reconnect).
 */
import type { ServerResponse } from 'node:http';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import type { Config } from '../../config/env';
import { marketEvents, type MarketEventRow } from '../../db/schema';
import { MarketStreamHub, type StreamClient, type StreamEvent } from '../../lib/market-stream';
import { eventsAfter } from '../../market/events';
import { wireEvent } from '../../routes/market-events';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live streams (`GET /market/stream`). */
    marketStream: MarketStreamHub;
  }
}

/** The SSE frame of one event: its id, then its wire shape as one data line. */
const frameOf = (id: number, data: unknown): string =>
  `id: ${id}\ndata: ${JSON.stringify(data)}\n\n`;

/** A stream's writer over its (hijacked) response. */
export function streamClient(res: ServerResponse): StreamClient {
  return {
    write: (text: string) => res.write(text),
    pending: () => res.writableLength,
    drained: () =>
      new Promise<void>((resolve) => {
        if (!res.writableNeedDrain || res.destroyed) return resolve();
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.once('drain', done);
        res.once('close', done);
      }),
    end: () => {
      if (!res.writableEnded) res.end();
    },
  };
}

const toStreamEvent = (row: MarketEventRow): StreamEvent => ({
  id: row.id,
  itemId: row.itemId,
  itemKind: row.itemKind,
  frame: frameOf(row.id, wireEvent(row)),
});

export default fp(
  async (fastify, opts: { config: Config }) => {
    const { db } = fastify.database;
    const { stream } = opts.config;
    const hub = new MarketStreamHub({
      ...stream,
      source: {
        async after(afterId, limit, filter) {
          if (filter === null) return (await eventsAfter(db, afterId, limit)).map(toStreamEvent);
          const where: SQL[] = [gt(marketEvents.id, afterId)];
          if (filter.itemId !== null) where.push(eq(marketEvents.itemId, filter.itemId));
          if (filter.itemKind !== null) where.push(eq(marketEvents.itemKind, filter.itemKind));
          const rows = await db
            .select()
            .from(marketEvents)
            .where(and(...where))
            .orderBy(asc(marketEvents.id))
            .limit(limit);
          return rows.map(toStreamEvent);
        },
        async head() {
          const [row] = await db
            .select({ id: sql<string | number | null>`max(${marketEvents.id})` })
            .from(marketEvents);
          return Number(row?.id ?? 0);
        },
      },
      onError: (error) =>
        fastify.log.warn({ err: error }, 'market stream: reading the outbox failed'),
    });
    fastify.decorate('marketStream', hub);
    // A stream's request is not an answer the request metrics count (it never ends): its own.
    const registers = [fastify.metrics.registry];
    new Gauge({
      name: 'hypertek_api_market_streams',
      help: 'Live market streams open on this instance (GET /market/stream)',
      registers,
      collect() {
        this.set(hub.size);
      },
    });
    new Counter({
      name: 'hypertek_api_market_stream_events_total',
      help: 'Market events written to live streams by this instance (one per stream and event)',
      registers,
      collect() {
        this.reset();
        this.inc(hub.stats.delivered);
      },
    });
    fastify.addHook('preClose', (done) => {
      hub.closeAll();
      done();
    });
  },
  { name: 'market-stream', dependencies: ['database', 'metrics'] },
);
