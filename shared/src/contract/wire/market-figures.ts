/**
 * The market figures' answer (`GET /market/figures?kind=nfa|land`), written once as schemas: the
 * API documents and checks its answer with them; `@hypertek/shared/contract` re-exports their
 * types (MarketFiguresAnswer and its parts) for the apps.
 */
import { Type, type Static } from 'typebox';
import { LAND_REGIONS, NFA_CATEGORIES } from '../catalogue-query';
import { FIGURE_WINDOWS, type FigureWindow } from '../market-figures';
import { KindSchema, Nullable, Success } from './common';

const Count = Type.Integer({ minimum: 0 });
const Dollars = (description: string) => Type.Number({ minimum: 0, description });
const Cents = (description: string) => Type.Integer({ minimum: 0, description });

/** Sales in one window. Money in dollars and the same in integer cents. */
export const SalesWindowSchema = Type.Object({
  sales: Count,
  volume: Dollars("The sum of the prices paid (the buyers' payments, commission included)"),
  volumeCents: Cents('The same, in cents'),
  average: Nullable(
    Dollars('The volume over the sales, rounded to the cent (half up); null without sales'),
  ),
  averageCents: Nullable(Cents('The same, in cents')),
});
export type SalesWindow = Static<typeof SalesWindowSchema>;

const FiguresProperties = {
  items: Type.Integer({ minimum: 0, description: 'How many items there are' }),
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
      FigureWindow,
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

/** The figures of a kind, or of one of its groups. */
export const MarketFiguresSchema = Type.Object(FiguresProperties, {
  description: 'The whole kind',
});
export type MarketFigures = Static<typeof MarketFiguresSchema>;

/** A category's (NFAs) or region's (lands) figures: every one of them, sold or not. */
export const MarketFiguresGroupSchema = Type.Object({
  name: Type.Enum([...NFA_CATEGORIES, ...LAND_REGIONS]),
  ...FiguresProperties,
});
export type MarketFiguresGroup = Static<typeof MarketFiguresGroupSchema>;

export const MarketFiguresAnswerSchema = Type.Object({
  success: Success,
  message: Type.String(),
  kind: KindSchema,
  groupBy: Type.Enum(['category', 'region']),
  asOf: Type.String({ format: 'date-time', description: "The market's time of the figures" }),
  currency: Type.Literal('usd'),
  days: Type.Array(Type.String({ format: 'date' }), {
    description: 'The daily series: UTC days, oldest first, the last one the day of asOf',
  }),
  all: MarketFiguresSchema,
  groups: Type.Array(MarketFiguresGroupSchema, {
    description: 'Each NFA category or land region, in the catalogue order, sold or not',
  }),
});
export type MarketFiguresAnswer = Static<typeof MarketFiguresAnswerSchema>;
