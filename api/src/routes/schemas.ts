/**
 * Request and response schemas shared by the routes (TypeBox: JSON Schema with static types).
 * They mirror the wire contract of @hypertek/shared/contract and feed the OpenAPI document.
 */
import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox';
import {
  CATALOGUE_SORTS,
  LAND_REGIONS,
  LAND_SIZES,
  NFA_CATEGORIES,
  NFA_RARITIES,
  type ItemKind,
} from '@hypertek/shared/contract';
import { KindSchema, Nullable } from '@hypertek/shared/contract/wire';
import type { INTENT_STATUSES } from '../db/schema';

export const ErrorBody = Type.Object(
  { success: Type.Literal(false), message: Type.String() },
  { $id: 'ErrorBody', description: 'Every 4xx and 5xx answer' },
);

/**
 * The 4xx/5xx answers a route declares itself (all share ErrorBody): those of its own logic. The
 * ones every route of a kind can give (400, 401, 413, 414, 415, 429, 500) are added to the
 * OpenAPI document in one place (plugins/external/openapi.ts).
 */
export const errors = (...codes: number[]): Record<number, typeof ErrorBody> =>
  Object.fromEntries(codes.map((code) => [code, ErrorBody]));

/**
 * The error answer of the card and payment routes (`config.errorField`): the API's shape, plus
 * `error` (the same text: the card form reads it) and the provider's codes where there are some.
 */
export const PaymentErrorBody = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    error: Type.Optional(Type.String({ description: 'The same text as message' })),
    code: Type.Optional(Type.String({ description: "The provider's code, e.g. card_declined" })),
    declineCode: Type.Optional(Type.String({ description: 'e.g. insufficient_funds' })),
  },
  { $id: 'PaymentErrorBody', description: 'Every 4xx and 5xx answer of the payment routes' },
);
export const paymentErrors = (...codes: number[]): Record<number, typeof PaymentErrorBody> =>
  Object.fromEntries(codes.map((code) => [code, PaymentErrorBody]));

// An item's kind and a nullable value: the wire contract's own pieces.
export { KindSchema, Nullable };

export const UserSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  FullName: Type.String(),
  Email: Type.String(),
  Bio: Type.String(),
  Avatar: Nullable(Type.String({ description: 'Path on the API host' })),
  Password: Type.Boolean({ description: 'Whether the account has a password' }),
  DiscordId: Nullable(Type.String()),
  GoogleId: Nullable(Type.String()),
  WalletAddress: Type.Optional(Nullable(Type.String())),
});

export const AuthResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  user: UserSchema,
  token: Type.String(),
});

/** A sign-in through a wallet, Google or Discord: `created` when this call made the account. */
export const SignInResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  user: UserSchema,
  token: Type.String(),
  created: Type.Boolean({ description: 'True when this sign-in created the account' }),
});

export const MessageResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });

export const ItemAttributesSchema = Type.Object(
  {
    rarity: Type.Optional(Type.Enum(NFA_RARITIES)),
    category: Type.Optional(Type.Enum(NFA_CATEGORIES)),
    region: Type.Optional(Type.Enum(LAND_REGIONS)),
    size: Type.Optional(Type.Enum(LAND_SIZES)),
  },
  { description: 'NFAs: rarity and category; lands: region and size' },
);

export const ItemSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  title: Type.String(),
  serialNumber: Type.String(),
  price: Type.Number(),
  image: Type.String({ description: 'Path on the API host of the generated SVG art' }),
  description: Type.String(),
  kind: KindSchema,
  attributes: ItemAttributesSchema,
  listedAt: Type.String({ format: 'date-time', description: 'When the item was listed' }),
  listed: Type.Boolean({ description: 'True while an active listing exists (price is its price)' }),
  ownerId: Type.String({ description: "The owner's id (the house's for the unsold catalogue)" }),
  owner: Type.Optional(Type.String({ description: "Detail read: the owner's display name" })),
  market: Type.Optional(
    Type.Object(
      {
        owner: Type.Object({ id: Type.String(), name: Type.String() }),
        listing: Nullable(
          Type.Object({
            _id: Type.String(),
            price: Type.Number(),
            expiresAt: Nullable(Type.String({ format: 'date-time' })),
          }),
        ),
        offers: Type.Integer({ description: 'Open offers on the item' }),
        reservedUntil: Nullable(
          Type.String({ format: 'date-time', description: 'While an accepted offer holds it' }),
        ),
      },
      { description: 'Detail read: the market state of the item' },
    ),
  ),
});

export const ActivitySchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  buyer: Type.String(),
  seller: Type.String(),
  price: Type.Number(),
  time: Type.String({ format: 'date-time' }),
  itemId: Type.Optional(Type.String({ description: 'The item, when it is still listed' })),
  itemKind: Type.Optional(KindSchema),
});

/** A sale of one item (`GET /activity/item/{id}`). */
export const ItemSaleSchema = Type.Object({
  _id: Type.String(),
  buyer: Type.String(),
  seller: Type.String(),
  price: Type.Number(),
  time: Type.String({ format: 'date-time' }),
});

export const PaymentSchema = Type.Object({
  _id: Type.String(),
  gameTitle: Type.String(),
  amount: Type.Number(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const SearchHitSchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  serialNumber: Type.String(),
  kind: KindSchema,
  price: Type.Number(),
  image: Type.String({ description: 'Path on the API host of the generated SVG art' }),
});

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const PageQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      default: DEFAULT_PAGE_SIZE,
      description: 'Page size',
    }),
  ),
  cursor: Type.Optional(
    Type.String({ maxLength: 200, description: 'The nextCursor of the previous page' }),
  ),
});

const PRICE_BOUND = (end: string) =>
  Type.Optional(
    Type.String({
      maxLength: 20,
      description: `${end} price in dollars, included: a decimal number of at least 0 (12, 12.5, 12.50)`,
    }),
  );

/** A catalogue list's query: a page, a sort, a price range, and the attributes of `kind`. */
export const CatalogueListQuery = (kind: ItemKind) =>
  Type.Object({
    limit: PageQuery.properties.limit,
    cursor: Type.Optional(
      Type.String({
        maxLength: 1000,
        description: 'The nextCursor of the previous page (of the same sort)',
      }),
    ),
    sort: Type.Optional(
      Type.Enum(CATALOGUE_SORTS, {
        description: 'The order; without it, catalogue order (oldest listing first, by id)',
      }),
    ),
    min: PRICE_BOUND('Lowest'),
    max: PRICE_BOUND('Highest'),
    ...(kind === 'nfa'
      ? {
          rarity: Type.Optional(Type.Enum(NFA_RARITIES)),
          category: Type.Optional(Type.Enum(NFA_CATEGORIES)),
        }
      : {
          region: Type.Optional(Type.Enum(LAND_REGIONS)),
          size: Type.Optional(Type.Enum(LAND_SIZES)),
        }),
  });

export const ListResponse = <T extends TSchema>(item: T) =>
  Type.Object({
    success: Type.Literal(true),
    message: Type.String(),
    data: Type.Array(item),
    nextCursor: Nullable(Type.String()),
  });

/** A `ListResponse` answer for a page: `empty` says there is nothing yet, `found` that there is. */
export function listAnswer<Page extends { data: readonly unknown[]; nextCursor: string | null }>(
  page: Page,
  empty: string,
  found: string,
) {
  return { success: true as const, message: page.data.length === 0 ? empty : found, ...page };
}

export const UserIdParams = Type.Object({ userId: Type.String({ maxLength: 100 }) });

/** OpenAPI `security` of a route that needs the bearer token (`Authorization: Bearer <token>`). */
export const bearer = [{ bearerAuth: [] }];
/** OpenAPI `security` of a public route: no credential at all. */
export const publicAccess: [] = [];

/** A PaymentIntent's status, as Stripe names them (the front end reads exactly these). */
export const IntentStatusSchema = Type.Union(
  [
    Type.Literal('requires_payment_method'),
    Type.Literal('requires_confirmation'),
    Type.Literal('requires_action'),
    Type.Literal('processing'),
    Type.Literal('requires_capture'),
    Type.Literal('succeeded'),
    Type.Literal('canceled'),
  ],
  { description: "Stripe's PaymentIntent status" },
);
// The database's list and the schema's are the same set (checked at compile time, both ways).
type SchemaStatus = Static<typeof IntentStatusSchema>;
type DatabaseStatus = (typeof INTENT_STATUSES)[number];
export const intentStatusesMatch: [SchemaStatus, DatabaseStatus] extends [
  DatabaseStatus,
  SchemaStatus,
]
  ? true
  : false = true;

/** The card payment provider in use. */
export const ProviderNameSchema = Type.Union([Type.Literal('sandbox'), Type.Literal('stripe')]);
