/**
 * In-memory caches shared between routes: the public activity feed is read by the catalogue
 * routes and emptied when a purchase is recorded, so a buyer sees the sale at once (other API
 * instances see it when their entry expires, within CATALOGUE_CACHE_TTL_MS).
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import { TtlCache } from '../../lib/ttl-cache';
import type { ActivityPage } from '../../repositories/activity-repository';

declare module 'fastify' {
  interface FastifyInstance {
    activityFeedCache: TtlCache<ActivityPage>;
  }
}

export default fp(
  async (fastify, opts: { config: Config }) => {
    fastify.decorate(
      'activityFeedCache',
      new TtlCache<ActivityPage>(opts.config.catalogueCacheTtlMs),
    );
  },
  { name: 'caches' },
);
