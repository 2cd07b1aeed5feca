/**
 * The market figures (docs/product.md, Market figures): `GET /market/figures?kind=nfa|land`, a
 * public read. For the kind and each of its groups (every NFA category, every land region):
 * items, listed, owners, floor, and sales, volume and average price over the last 24 h, 7 days
 * and 30 days, with a daily series of sales and volume for a chart. Computed by the market
 * (market/figures.ts); the answer is kept a few seconds per kind like the catalogue's, and
 * emptied when the market changes (plugins/app/caches.ts).
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FIGURE_WINDOWS,
  ITEM_KINDS,
  LAND_REGIONS,
  NFA_CATEGORIES,
} from '@hypertek/shared/contract';
import { errors, KindSchema, Nullable, publicAccess } from './schemas';

const Count = Type.Integer({ minimum: 0 });
const Dollars = (description: string) => Type.Number({ minimum: 0, description });
const Cents = (description: string) => Type.Integer({ minimum: 0, description });

const SalesWindowSchema = Type.Object({
  sales: Count,
  volume: Dollars('The sum of the prices paid, in dollars'),
  volumeCents: Cents('The same, in cents'),
  average: Nullable(Dollars('The volume over the sales, to the cent; null without sales')),
  averageCents: Nullable(Cents('The same, in cents')),
});

const FiguresProperties = {
  items: Count,
  listed: Type.Integer({ minimum: 0, description: 'Items with a live listing' }),
  owners: Type.Integer({
    minimum: 0,
    description:
      'Accounts owning at least one item (the house, which holds the unsold catalogue, is none)',
  }),
  floor: Nullable(Dollars("The cheapest live listing (the house's too); null when none")),
  floorCents: Nullable(Cents('The same, in cents')),
  windows: Type.Object(
    Object.fromEntries(FIGURE_WINDOWS.map((w) => [w, SalesWindowSchema])) as Record<
      (typeof FIGURE_WINDOWS)[number],
      typeof SalesWindowSchema
    >,
    { description: 'Rolling windows ending at asOf: (asOf − length, asOf]' },
  ),
  daily: Type.Object(
    {
      sales: Type.Array(Count),
      volume: Type.Array(Type.Number({ minimum: 0 })),
      volumeCents: Type.Array(Count),
    },
    { description: 'One entry per day of `days`, in the same order' },
  ),
};

export const MarketFiguresSchema = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  kind: KindSchema,
  groupBy: Type.Union([Type.Literal('category'), Type.Literal('region')]),
  asOf: Type.String({ format: 'date-time', description: "The market's time of the figures" }),
  currency: Type.Literal('usd'),
  days: Type.Array(Type.String({ format: 'date' }), {
    description: 'The daily series: UTC days, oldest first, the last one the day of asOf',
  }),
  all: Type.Object(FiguresProperties, { description: 'The whole kind' }),
  groups: Type.Array(
    Type.Object({
      name: Type.Enum([...NFA_CATEGORIES, ...LAND_REGIONS]),
      ...FiguresProperties,
    }),
    { description: 'Each NFA category or land region, in the catalogue order, sold or not' },
  ),
});

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
        querystring: Type.Object(
          { kind: Type.Enum(ITEM_KINDS, { description: 'nfa or land' }) },
          { additionalProperties: false },
        ),
        response: { 200: MarketFiguresSchema, ...errors(400) },
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
