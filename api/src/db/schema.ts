/**
 * The one PostgreSQL schema, for both drivers (embedded PGlite and a PostgreSQL server).
 * Migrations in `api/drizzle/` are generated from this file with `pnpm db:generate`; the first
 * migration (custom) enables `pg_trgm`, which the search index needs.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  type PgTableExtraConfigValue,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  HOUSE_ID,
  LAND_REGIONS,
  LAND_SIZES,
  NFA_CATEGORIES,
  NFA_RARITIES,
  ITEM_KINDS,
} from '@hypertek/shared/contract';
import {
  FAILURE_STAGES,
  FUNNEL_STEPS,
  RELEASE_CHANNELS,
  REMOTE_NAME_MAX_LENGTH,
  REMOTE_NAME_SHAPE,
  REMOTE_NAMES,
  REPORT_OUTCOMES,
} from '@hypertek/shared/release-words';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The house: the account that owns the unsold catalogue and lists it at the catalogue prices
 * ('Hyper Tek Vault'). It has no email, password or identity, so nobody can sign in as it. The
 * migration that brought ownership creates it with this id.
 */
export const HOUSE_USER_ID = HOUSE_ID;

/**
 * The key of the title sort: case-insensitive, compared byte by byte ("C"), so every driver,
 * server locale and the tests' own sort agree on the order. Queries must write it exactly so
 * for the planner to use `items_kind_title_id_idx`.
 */
export const TITLE_KEY = sql.raw('lower(title) collate "C"');

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased: one account per address whatever the case typed. */
    email: text('email'),
    fullName: text('full_name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    /** A path on the API host, e.g. `/uploads/<uuid>.png`. */
    avatar: text('avatar'),
    /** argon2id PHC string; null for accounts without a password (wallet, Google, Discord). */
    passwordHash: text('password_hash'),
    discordId: text('discord_id'),
    googleId: text('google_id'),
    walletAddress: text('wallet_address'),
    /**
     * When the owner of `email` was proven: a password reset link they opened, or an identity
     * provider that says the address is verified. Null for an email sign-up never proven, whose
     * password is cleared when a provider links to it (whoever chose it may not own the mailbox).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Bumped on every password change: tokens carry it, older ones stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_discord_id_key').on(t.discordId),
    uniqueIndex('users_google_id_key').on(t.googleId),
    uniqueIndex('users_wallet_address_key').on(t.walletAddress),
  ],
);

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

/** What an activity row tells (the public feed's Type column). */
export const ACTIVITY_TYPES = [
  'Sale',
  'Transfer',
  'Listing',
  'Reprice',
  'Cancel listing',
  'Offer',
  'Accept offer',
  'Decline offer',
  'Cancel offer',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activities = pgTable(
  'activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' }).references(() => items.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    buyer: text('buyer').notNull(),
    seller: text('seller').notNull(),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    priceCents: integer('price_cents').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_occurred_at_idx').on(t.occurredAt.desc(), t.id.desc()),
    index('activities_buyer_id_idx').on(t.buyerId),
    index('activities_seller_id_idx').on(t.sellerId),
    // The sales of one item, newest first (keyset-paged).
    index('activities_item_occurred_idx').on(t.itemId, t.occurredAt.desc(), t.id.desc()),
    check('activities_type_check', sql`${t.type} in (${inList(ACTIVITY_TYPES)})`),
    check('activities_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * A checkout: a buyer's order for an item, from its listing or from the buyer's accepted offer.
 * While it is 'pending' it holds the item for that buyer until `hold_until` (a checkout, or an
 * accepted offer's reservation): at most one pending order per item (partial unique index), so
 * two buyers can never both be charged. It becomes 'paid' when the payment succeeds (in the
 * transaction that moves the item), or 'void' when its hold lapsed or the sale went elsewhere.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'void'] as const;
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What is bought: the listing, or the accepted offer (one of the two; none for seeded rows). */
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** The owner when the order was made: the account the sale credits. */
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    /** A pending order holds the item until then. */
    holdUntil: timestamp('hold_until', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('orders_one_pending_per_item')
      .on(t.itemId)
      .where(sql`${t.status} = 'pending'`),
    index('orders_user_item_idx').on(t.userId, t.itemId),
    // A user's collection: paid orders, newest purchase first (keyset-paged).
    index('orders_user_paid_idx')
      .on(t.userId, t.paidAt.desc(), t.itemId.desc())
      .where(sql`${t.status} = 'paid'`),
    check('orders_status_check', sql`${t.status} in (${inList(ORDER_STATUSES)})`),
    check('orders_amount_check', sql`${t.amountCents} > 0`),
    // What is bought is a listing or an offer, never both.
    check('orders_listing_or_offer_check', sql`num_nonnulls(${t.listingId}, ${t.offerId}) <= 1`),
    // A paid order says when.
    check('orders_paid_at_check', sql`(${t.status} = 'paid') <= (${t.paidAt} is not null)`),
  ],
);

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

export const OFFER_STATUSES = [
  'open',
  'accepted',
  'declined',
  'cancelled',
  'expired',
  'sold',
] as const;
export type OfferRowStatus = (typeof OFFER_STATUSES)[number];

/**
 * A buyer's offer on an item, to whoever owns it, until `expires_at`. Life: open → accepted |
 * declined | cancelled | expired; accepted → sold (paid), or back to open when its reservation
 * lapses unpaid. One open or accepted offer per buyer and item, and one accepted offer per item
 * (partial unique indexes).
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('offers_one_live_per_buyer_item')
      .on(t.itemId, t.buyerId)
      .where(sql`${t.status} in ('open', 'accepted')`),
    uniqueIndex('offers_one_accepted_per_item')
      .on(t.itemId)
      .where(sql`${t.status} = 'accepted'`),
    index('offers_item_live_idx')
      .on(t.itemId, t.createdAt.desc())
      .where(sql`${t.status} in ('open', 'accepted')`),
    index('offers_buyer_created_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    check('offers_status_check', sql`${t.status} in (${inList(OFFER_STATUSES)})`),
    check('offers_price_check', sql`${t.priceCents} > 0`),
  ],
);

/**
 * The double-entry ledger, in integer cents. Every movement of money is one transaction whose
 * entries add up to zero. A sale: the card receipts account gives the price, the seller's
 * account gets the price less the commission, the commission account gets the rest. A user's
 * balance is the sum of their account's entries. Payouts to a bank are not part of the product.
 */
export const LEDGER_ACCOUNTS = ['user', 'card_receipts', 'commission', 'opening'] as const;
export const LEDGER_KINDS = ['sale', 'opening'] as const;
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** A sale's order: one ledger transaction per order, whatever the retries. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_order_key').on(t.orderId),
    check('ledger_transactions_kind_check', sql`${t.kind} in (${inList(LEDGER_KINDS)})`),
    // A sale is the posting of one order.
    check(
      'ledger_transactions_sale_order_check',
      sql`(${t.kind} = 'sale') <= (${t.orderId} is not null)`,
    ),
  ],
);
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** The account holder when `account` is 'user'. */
    /** A user with postings cannot be deleted: their sales would no longer balance. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_account_check', sql`${t.account} in (${inList(LEDGER_ACCOUNTS)})`),
    check('ledger_entries_user_check', sql`(${t.account} = 'user') = (${t.userId} is not null)`),
    check('ledger_entries_amount_check', sql`${t.amountCents} <> 0`),
  ],
);

/** A successful payment of an order: the purchase history reads these. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order_id_key').on(t.orderId),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    // One payment row per provider payment, whatever the retries (null for seeded payments).
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Stripe's PaymentIntent statuses (the sandbox uses the same). */
export const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;

/**
 * Statuses of a payment attempt: the provider's PaymentIntent status, plus two of ours while a
 * call to the provider is under way or its outcome is unknown ('creating', 'confirming': the
 * next request repeats that call with the same idempotency key), and 'failed' when the provider
 * refused to create an intent at all.
 */
export const ATTEMPT_STATUSES = ['creating', 'confirming', 'failed', ...INTENT_STATUSES] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * One PaymentIntent at the provider for an order. An order has at most one attempt that is in
 * flight, open or succeeded (partial unique index), so a second charge for the same order cannot
 * even be started; a declined card leaves the intent open and the next card confirms the same one.
 * WARNING: never put card data here: only the provider's ids, the brand and the last 4 digits.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, … per order: part of the idempotency key. */
    attemptNo: integer('attempt_no').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    /** 'card': the server confirms with a payment method; 'embedded': the browser confirms. */
    flow: text('flow', { enum: ['card', 'embedded'] }).notNull(),
    /** Sent with the create call; confirm calls add `:confirm:<n>`. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The provider's PaymentIntent id, once created. */
    providerRef: text('provider_ref'),
    clientSecret: text('client_secret'),
    status: text('status', { enum: ATTEMPT_STATUSES }).notNull().default('creating'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** The provider's payment method id of the current (or last) confirmation. */
    paymentMethodId: text('payment_method_id'),
    /** How many server-side confirmations this intent has had (part of their idempotency keys). */
    confirmSeq: integer('confirm_seq').notNull().default(0),
    /** While set and in the future, one request is calling the provider for this attempt. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureCode: text('failure_code'),
    failureDeclineCode: text('failure_decline_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_idempotency_key_key').on(t.idempotencyKey),
    uniqueIndex('payment_attempts_provider_ref_key').on(t.providerRef),
    uniqueIndex('payment_attempts_order_attempt_no_key').on(t.orderId, t.attemptNo),
    uniqueIndex('payment_attempts_one_active_per_order')
      .on(t.orderId)
      .where(sql`${t.status} not in ('failed', 'canceled')`),
    index('payment_attempts_user_idx').on(t.userId),
    check('payment_attempts_status_check', sql`${t.status} in (${inList(ATTEMPT_STATUSES)})`),
    check('payment_attempts_flow_check', sql`${t.flow} in ('card', 'embedded')`),
    check('payment_attempts_provider_check', sql`${t.provider} in ('stripe', 'sandbox')`),
    check('payment_attempts_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/** Provider webhook events already handled, by event id: a redelivered event changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null until handled: an event whose handling failed is handled again when redelivered. */
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/**
 * The sandbox provider's own state (what Stripe would hold), in the database so that several API
 * instances agree. A payment method keeps only its brand, last 4 digits and test behaviour.
 * WARNING: never the card number, CVC or expiry.
 */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    behaviour: text('behaviour', {
      enum: ['succeed', 'decline', 'insufficient_funds', 'authenticate'],
    }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'sandbox_payment_methods_behaviour_check',
      sql`${t.behaviour} in ('succeed', 'decline', 'insufficient_funds', 'authenticate')`,
    ),
  ],
);

export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: INTENT_STATUSES }).notNull(),
    paymentMethodId: text('payment_method_id').references(() => sandboxPaymentMethods.id),
    lastErrorCode: text('last_error_code'),
    lastErrorDeclineCode: text('last_error_decline_code'),
    lastErrorMessage: text('last_error_message'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** How many times a charge went through (a test reads it: never more than 1). */
    chargeCount: integer('charge_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_payment_intents_client_secret_key').on(t.clientSecret),
    check('sandbox_payment_intents_status_check', sql`${t.status} in (${inList(INTENT_STATUSES)})`),
  ],
);

/** The sandbox's idempotency layer, like Stripe's: a key replays the first answer. */
export const sandboxIdempotencyKeys = pgTable('sandbox_idempotency_keys', {
  key: text('key').primaryKey(),
  response: jsonb('response').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Password reset links: only a SHA-256 of the token is stored; single use, short-lived. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_id_idx').on(t.userId),
  ],
);

/**
 * Wallet sign-in nonces: issued for one address, written into the message the wallet signs, used
 * once (`used_at` set by a single conditional UPDATE), short-lived.
 */
export const walletNonces = pgTable(
  'wallet_nonces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nonce: text('nonce').notNull(),
    /** Lower-cased. */
    address: text('address').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_nonces_nonce_key').on(t.nonce),
    index('wallet_nonces_expires_at_idx').on(t.expiresAt),
  ],
);

/** The remote's name by its form (not a list): a remote added to REMOTE_NAMES needs no migration. */
const remoteByForm = (column: unknown) =>
  sql`${column} ~ ${sql.raw(`'${REMOTE_NAME_SHAPE}'`)} and char_length(${column}) <= ${sql.raw(String(REMOTE_NAME_MAX_LENGTH))}`;

/**
 * What the host reported of a remote's release for a visitor: it loaded, or it failed (with the
 * stage and the browser's error message). One row per visitor and outcome of a release (unique
 * index): a visitor who reports the same outcome again is not counted again.
 */
export const releaseReports = pgTable(
  'release_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    remote: text('remote', { enum: REMOTE_NAMES }).notNull(),
    version: text('version').notNull(),
    /** The channel of the release's first report for this visitor and outcome. */
    channel: text('channel', { enum: RELEASE_CHANNELS }).notNull(),
    /** A random id the host keeps for the visitor (no account, no personal data). */
    visitor: text('visitor').notNull(),
    outcome: text('outcome', { enum: REPORT_OUTCOMES }).notNull(),
    /** Set for a failure only. */
    stage: text('stage', { enum: FAILURE_STAGES }),
    /** The browser's error message of a failure (at most 300 characters), if any. */
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('release_reports_visitor_outcome_key').on(
      t.remote,
      t.version,
      t.visitor,
      t.outcome,
    ),
    // The remote's name by its form, not a list: a remote added to REMOTE_NAMES (the release
    // words) needs no migration for its reports.
    check('release_reports_remote_check', remoteByForm(t.remote)),
    check('release_reports_channel_check', sql`${t.channel} in (${inList(RELEASE_CHANNELS)})`),
    check('release_reports_outcome_check', sql`${t.outcome} in (${inList(REPORT_OUTCOMES)})`),
    check(
      'release_reports_stage_check',
      sql`(${t.outcome} = 'failed') = (${t.stage} is not null) and (${t.stage} is null or ${t.stage} in (${inList(FAILURE_STAGES)}))`,
    ),
  ],
);

/** Which release of each remote a page view ran (the host's config for that page). */
export interface ViewRelease {
  remote: string;
  version: string;
  channel: (typeof RELEASE_CHANNELS)[number];
}

/**
 * Field data (issue 29): one row per page view that sent its Web Vitals, tagged with the route
 * and the release of every remote on the page. No account, no personal data: the visitor is the
 * host's random id. Kept `FIELD_DATA_RETENTION_DAYS`, then pruned.
 */
export const fieldViews = pgTable(
  'field_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    visitor: text('visitor').notNull(),
    /** The page's path, without its query (e.g. /funnel-page). */
    route: text('route').notNull(),
    releases: jsonb('releases').$type<ViewRelease[]>().notNull(),
    lcp: real('lcp'),
    inp: real('inp'),
    cls: real('cls'),
    fcp: real('fcp'),
    ttfb: real('ttfb'),
    /** The remote whose script handled the slowest interaction, when the browser says. */
    inpRemote: text('inp_remote'),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index('field_views_received_at_idx').on(t.receivedAt),
    index('field_views_releases_idx').using('gin', sql`${t.releases} jsonb_path_ops`),
    check(
      'field_views_inp_remote_check',
      sql`${t.inpRemote} is null or (${remoteByForm(t.inpRemote)})`,
    ),
  ],
);

/**
 * The funnel's steps a visitor reached, once per visitor, step and release of a remote on the
 * page where it happened: each step's rate is known per version (issue 29, "conversion").
 */
export const funnelSteps = pgTable(
  'funnel_steps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    channel: text('channel', { enum: RELEASE_CHANNELS }).notNull(),
    visitor: text('visitor').notNull(),
    step: text('step', { enum: FUNNEL_STEPS }).notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('funnel_steps_visitor_step_key').on(t.remote, t.version, t.visitor, t.step),
    index('funnel_steps_reached_at_idx').on(t.reachedAt),
    check('funnel_steps_remote_check', remoteByForm(t.remote)),
    check('funnel_steps_channel_check', sql`${t.channel} in (${inList(RELEASE_CHANNELS)})`),
    check('funnel_steps_step_check', sql`${t.step} in (${inList(FUNNEL_STEPS)})`),
  ],
);

export const schema = {
  users,
  items,
  itemArt,
  activities,
  orders,
  listings,
  offers,
  ledgerTransactions,
  ledgerEntries,
  payments,
  passwordResets,
  walletNonces,
  paymentAttempts,
  webhookEvents,
  sandboxPaymentMethods,
  sandboxPaymentIntents,
  sandboxIdempotencyKeys,
  releaseReports,
  fieldViews,
  funnelSteps,
};
