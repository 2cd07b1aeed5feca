/**
 * In-memory caches shared between routes, emptied together by `marketChanged()` whenever the
 * market changes (a purchase recorded, a listing or offer made or answered), so the actor sees
 * the change at once (other API instances see it when their entry expires, within
 * CATALOGUE_CACHE_TTL_MS):
 * - the public activity feed, read by the catalogue routes;
 * - the market figures per kind (routes/market-figures.ts). Their rolling windows and listings
 *   that end by time move without any write: the entry's age bounds that too.
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import { TtlCache } from '../../lib/ttl-cache';
import type { KindFigures } from '../../market/figures';
import type { ActivityPage } from '../../repositories/activity-repository';

declare module 'fastify' {
  interface FastifyInstance {
    activityFeedCache: TtlCache<ActivityPage>;
    /** By kind (`GET /market/figures`). */
    marketFiguresCache: TtlCache<KindFigures>;
    /**
     * Empties the caches that show the market, and tells what follows it (the notification
     * worker): call after every change to it, once committed.
     */
    marketChanged: () => void;
    /** `listener` runs at every `marketChanged()` of this instance. */
    onMarketChanged: (listener: () => void) => void;
  }
}

export default fp(
  async (fastify, opts: { config: Config }) => {
    const ttl = opts.config.catalogueCacheTtlMs;
    const feed = new TtlCache<ActivityPage>(ttl);
    const figures = new TtlCache<KindFigures>(ttl);
    fastify.decorate('activityFeedCache', feed);
    fastify.decorate('marketFiguresCache', figures);
    const listeners: (() => void)[] = [];
    fastify.decorate('marketChanged', () => {
      feed.clear();
      figures.clear();
      for (const listener of listeners) listener();
    });
    fastify.decorate('onMarketChanged', (listener: () => void) => {
      listeners.push(listener);
    });
  },
  { name: 'caches' },
);
