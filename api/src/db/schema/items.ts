/**
 * The items, their art, and their listings. One file for both tables: an item points at its
 * active listing and a listing at its item, a foreign key each way (so neither file could import
 * the other without a cycle).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  type PgTableExtraConfigValue,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ITEM_KINDS,
  LAND_REGIONS,
  LAND_SIZES,
  NFA_CATEGORIES,
  NFA_RARITIES,
} from '@hypertek/shared/contract';
import { inList } from './checks';
import { HOUSE_USER_ID, users } from './users';

/**
 * The key of the title sort: case-insensitive, compared byte by byte ("C"), so every driver,
 * server locale and the tests' own sort agree on the order. Queries must write it exactly so
 * for the planner to use `items_kind_title_id_idx`.
 */
export const TITLE_KEY = sql.raw('lower(title) collate "C"');

export const items = pgTable(
  'items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    title: text('title').notNull(),
    serialNumber: text('serial_number').notNull(),
    /** Money in cents: no floating point in the database. */
    priceCents: integer('price_cents').notNull(),
    description: text('description').notNull().default(''),
    /** What the trigram index covers: title and serial number, searched as one text. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`title || ' ' || serial_number`),
    /** NFAs only: one of NFA_RARITIES. */
    rarity: text('rarity', { enum: NFA_RARITIES }),
    /** NFAs only: one of NFA_CATEGORIES. */
    category: text('category', { enum: NFA_CATEGORIES }),
    /** Lands only: one of LAND_REGIONS. */
    region: text('region', { enum: LAND_REGIONS }),
    /** Lands only: one of LAND_SIZES, from the parcel's area (see `landSizeOf`). */
    size: text('size', { enum: LAND_SIZES }),
    /**
     * When the item was listed (the `newest` sort). Milliseconds, as a list's cursor carries
     * them (a JavaScript date): a finer stored time would page wrongly around equal milliseconds.
     */
    listedAt: timestamp('listed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The one owner (the house for the unsold catalogue). Changed only by a sale, in the
     * transaction that records the payment. An account that is deleted gives its items back to
     * the house.
     */
    ownerId: uuid('owner_id')
      .notNull()
      .default(sql.raw(`'${HOUSE_USER_ID}'::uuid`))
      .references(() => users.id, { onDelete: 'set default' }),
    /** Since when the owner has it (the collection's order; milliseconds, as its cursor). */
    ownedSince: timestamp('owned_since', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
    /**
     * The item's active listing, kept in the same transactions that open and close listings, so
     * that every list shows the listing state without a join; `price_cents` is that listing's
     * price while it exists (else the last price). The listing may have ended by time: it is
     * listed while `listing_ends_at` is null (no end) or in the future. The database holds it to
     * that: a reference to a listing of this same item (foreign key on both columns), and, at
     * each commit, exactly the item's active listing whose seller is the owner (migration 0006).
     */
    listingId: uuid('listing_id'),
    listingEndsAt: timestamp('listing_ends_at', { withTimezone: true, precision: 3 }),
  },
  // Annotated: the key below refers to listings, whose own key refers back to items.
  (t): PgTableExtraConfigValue[] => [
    foreignKey({
      name: 'items_listing_fk',
      columns: [t.listingId, t.id],
      foreignColumns: [listings.id, listings.itemId],
    }),
    uniqueIndex('items_serial_number_key').on(t.serialNumber),
    // A user's collection: what they own, newest first (keyset-paged).
    index('items_owner_since_idx').on(t.ownerId, t.ownedSince.desc(), t.id.desc()),
    index('items_kind_id_idx').on(t.kind, t.id),
    index('items_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // One index per list order, each ending in the id that breaks ties: a page of any sort is
    // a range of one index, and a deep page (keyset cursor) costs what the first one costs.
    index('items_kind_price_id_idx').on(t.kind, t.priceCents, t.id),
    index('items_kind_listed_id_idx').on(t.kind, t.listedAt, t.id),
    index('items_kind_title_id_idx').on(t.kind, sql`${TITLE_KEY}`, t.id),
    // The same orders within one rarity (NFAs) or one region (lands): a rare attribute, alone
    // or with the other one or a price range, would otherwise be found by reading most of a
    // kind's order (land titles even start with their region). The other attribute and the
    // price range are then checked on a few rows (at least about 1 in 8 of them match).
    ...(['rarity', 'region'] as const).flatMap((name) => {
      const column = t[name];
      const only = sql`${column} is not null`;
      return [
        index(`items_${name}_price_id_idx`).on(column, t.priceCents, t.id).where(only),
        index(`items_${name}_listed_id_idx`).on(column, t.listedAt, t.id).where(only),
        index(`items_${name}_title_id_idx`)
          .on(column, sql`${TITLE_KEY}`, t.id)
          .where(only),
      ];
    }),
    check('items_kind_check', sql`${t.kind} in ('nfa', 'land')`),
    check('items_price_check', sql`${t.priceCents} >= 0`),
    check('items_rarity_check', sql`${t.rarity} in (${inList(NFA_RARITIES)})`),
    check('items_category_check', sql`${t.category} in (${inList(NFA_CATEGORIES)})`),
    check('items_region_check', sql`${t.region} in (${inList(LAND_REGIONS)})`),
    check('items_size_check', sql`${t.size} in (${inList(LAND_SIZES)})`),
    // Each kind has its own attributes, both set; never the other kind's.
    check(
      'items_attributes_check',
      sql`case ${t.kind}
        when 'nfa' then ${t.rarity} is not null and ${t.category} is not null and ${t.region} is null and ${t.size} is null
        else ${t.region} is not null and ${t.size} is not null and ${t.rarity} is null and ${t.category} is null
      end`,
    ),
  ],
);

/** The generated SVG of an item, made by the seed (the large benchmark seed stores none). */
export const itemArt = pgTable('item_art', {
  itemId: bigint('item_id', { mode: 'number' })
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  svg: text('svg').notNull(),
});

export const LISTING_STATUSES = ['active', 'sold', 'cancelled', 'expired'] as const;
export type ListingRowStatus = (typeof LISTING_STATUSES)[number];

/**
 * An owner's offer to sell an item at a price, until `expires_at` (null: no end, the house's).
 * Life: active → sold | cancelled | expired, all final: an item that changes hands cancels its
 * listings for good, and a new listing is a new row. At most one active listing per item,
 * enforced by a partial unique index (a check before the insert would let two through).
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The item's kind, copied: the floor of a kind is one index range. */
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
    /** Sold listings: who bought. */
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** A wallet account's listing: the text it signed and the signature (EIP-191). */
    signedMessage: text('signed_message'),
    signature: text('signature'),
  },
  (t) => [
    uniqueIndex('listings_one_active_per_item')
      .on(t.itemId)
      .where(sql`${t.status} = 'active'`),
    // What an item's listing pointer refers to: a listing of that item (items_listing_fk).
    uniqueIndex('listings_id_item_key').on(t.id, t.itemId),
    index('listings_seller_created_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    index('listings_floor_idx')
      .on(t.kind, t.priceCents)
      .where(sql`${t.status} = 'active'`),
    check('listings_status_check', sql`${t.status} in (${inList(LISTING_STATUSES)})`),
    check('listings_price_check', sql`${t.priceCents} > 0`),
    check('listings_kind_check', sql`${t.kind} in ('nfa', 'land')`),
  ],
);
