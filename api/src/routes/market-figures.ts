/**
 * The market figures (docs/product.md, Market figures): `GET /market/figures?kind=nfa|land`, a
 * public read. For the kind and each of its groups (every NFA category, every land region):
 * items, listed, owners, floor, and sales, volume and average price over the last 24 h, 7 days
 * and 30 days, with a daily series of sales and volume for a chart. Computed by the market
 * (market/figures.ts); the answer is kept a few seconds per kind like the catalogue's, and
 * emptied when the market changes (plugins/app/caches.ts).
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MarketFiguresAnswerSchema } from '@hypertek/shared/contract/wire';
import { errors, KindSchema, publicAccess } from './schemas';

const marketFiguresRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/market/figures',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'readMarketFigures',
        tags: ['catalogue'],
        summary:
          'Market figures of NFAs or lands and of each category or region: floor, owners, sales, volume and average price over 24 h, 7 d and 30 d, and a daily series',
        security: publicAccess,
        querystring: Type.Object({ kind: KindSchema }, { additionalProperties: false }),
        response: { 200: MarketFiguresAnswerSchema, ...errors(400) },
      },
    },
    async (request) => {
      const { kind } = request.query;
      const figures = await fastify.marketFiguresCache.get(kind, () =>
        fastify.marketRepository.figures(kind),
      );
      return { success: true as const, message: 'Market figures fetched', ...figures };
    },
  );
};

export default marketFiguresRoutes;
