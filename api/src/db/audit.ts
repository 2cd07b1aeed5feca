/**
 * The market's invariants, read straight from the database (and the sandbox provider's own
 * table): what must hold whatever the order of requests, retries or clock jumps. Plain SQL
 * through `database.rows`, so it runs on both drivers; it reads, never writes. The soak
 * (`pnpm bench:soak`) runs it after every round, and anything else may: a fresh `npm start`, a
 * test after a scenario. An empty list means every rule holds; each violation names its rule and
 * the offending rows (at most `ROW_LIMIT` per rule, with the total count).
 *
 * The rules (docs/product.md, The market; docs/operations.md, Soak):
 * - owner: every item's owner is the buyer of its last paid order, or the house if never sold;
 * - sale-chain: each paid order's seller is the buyer of the item's previous paid order (the
 *   house for the first), so no sale credited someone who did not own the item;
 * - one-active-listing, one-accepted-offer, one-pending-order: at most one of each per item;
 * - listing-seller: no active listing whose seller is not the item's owner;
 * - listing-pointer: `items.listing_id`, when set, is that item's active listing, and an item
 *   with an active listing points at it;
 * - ledger-balanced: every ledger transaction's entries sum to zero; ledger-total: all do;
 * - sale-posting: a sale transaction takes the order's amount from card receipts and credits
 *   the order's seller with it less the commission;
 * - balance: each user's balance (their account's entries) equals what their sales credited
 *   (amount less commission, per paid order they sold) plus opening credits;
 * - paid-orders: each paid order has exactly one payment row (of its amount) and one sale
 *   transaction, and every payment row and sale transaction belongs to a paid order;
 * - provider-charges: each sandbox payment row is one succeeded sandbox intent of that order and
 *   amount charged exactly once, and the sandbox charged nothing that is not a recorded payment.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import { HOUSE_USER_ID } from './schema';

export interface Violation {
  /** The rule's name (see the list above). */
  rule: string;
  /** What is wrong, in one line. */
  message: string;
  /** How many rows break it (only the first `ROW_LIMIT` are in `rows`). */
  count: number;
  rows: Record<string, unknown>[];
}

export const ROW_LIMIT = 20;

interface Rule {
  rule: string;
  message: string;
  /** Selects the offending rows (nothing when the rule holds). */
  query: SQL;
}

const HOUSE = sql`${HOUSE_USER_ID}::uuid`;

/**
 * "At most one row of `table` in `status` per item" (one-active-listing, …): the items that have
 * more, with how many (`active_listings`, …) and their ids (`listing_ids`, …).
 */
function onePerItem(
  table: 'listings' | 'offers' | 'orders',
  status: 'active' | 'accepted' | 'pending',
  noun: 'listing' | 'offer' | 'order',
  message: string,
): Rule {
  const counted = sql.identifier(`${status}_${table}`);
  const ids = sql.identifier(`${noun}_ids`);
  return {
    rule: `one-${status}-${noun}`,
    message,
    query: sql`
      select item_id, count(*)::int as ${counted}, string_agg(id::text, ' ') as ${ids}
      from ${sql.identifier(table)} where status = ${status}
      group by item_id having count(*) > 1 order by item_id`,
  };
}

/** Every paid order of every item, in sale order, with the buyer of the sale before it. */
const PAID_CHAIN = sql`
  select o.id, o.item_id, o.user_id, o.seller_id, o.paid_at,
    lag(o.user_id) over (partition by o.item_id order by o.paid_at, o.created_at, o.id) as previous_buyer,
    row_number() over (partition by o.item_id order by o.paid_at desc, o.created_at desc, o.id desc) as from_last
  from orders o where o.status = 'paid'`;

const RULES: Rule[] = [
  {
    rule: 'owner',
    message: "an item's owner is not the buyer of its last paid order (the house if never sold)",
    query: sql`
      with chain as (${PAID_CHAIN})
      select i.id as item_id, i.owner_id::text as owner_id,
        coalesce(c.user_id, ${HOUSE})::text as expected_owner, c.id::text as last_paid_order
      from items i left join chain c on c.item_id = i.id and c.from_last = 1
      where i.owner_id is distinct from coalesce(c.user_id, ${HOUSE})
      order by i.id`,
  },
  {
    rule: 'sale-chain',
    message:
      "a paid order's seller is not the buyer of the item's previous paid order (the house first)",
    query: sql`
      with chain as (${PAID_CHAIN})
      select c.id::text as order_id, c.item_id, c.seller_id::text as seller_id,
        coalesce(c.previous_buyer, ${HOUSE})::text as expected_seller
      from chain c
      where c.seller_id is not null and c.seller_id <> coalesce(c.previous_buyer, ${HOUSE})
      order by c.item_id, c.paid_at`,
  },
  onePerItem('listings', 'active', 'listing', 'an item has more than one active listing'),
  onePerItem('offers', 'accepted', 'offer', 'an item has more than one accepted offer'),
  onePerItem(
    'orders',
    'pending',
    'order',
    'an item has more than one pending order (checkout hold or reservation)',
  ),
  {
    rule: 'listing-seller',
    message: "an active listing's seller is not the item's owner",
    query: sql`
      select l.id::text as listing_id, l.item_id, l.seller_id::text as seller_id,
        i.owner_id::text as owner_id
      from listings l join items i on i.id = l.item_id
      where l.status = 'active' and l.seller_id <> i.owner_id
      order by l.item_id`,
  },
  {
    rule: 'listing-pointer',
    message:
      "items.listing_id is not the item's active listing (or an item with an active listing does not point at it)",
    query: sql`
      select i.id as item_id, i.listing_id::text as listing_id, l.item_id as listing_item_id,
        l.status as listing_status, a.id::text as active_listing_id
      from items i
      left join listings l on l.id = i.listing_id
      left join listings a on a.item_id = i.id and a.status = 'active'
      where (i.listing_id is not null and (l.id is null or l.item_id <> i.id or l.status <> 'active'))
         or (a.id is not null and i.listing_id is distinct from a.id)
      order by i.id`,
  },
  {
    rule: 'ledger-balanced',
    message: "a ledger transaction's entries do not sum to zero",
    query: sql`
      select t.id::text as transaction_id, t.kind, t.order_id::text as order_id,
        coalesce(sum(e.amount_cents), 0)::text as sum_cents, count(e.id)::int as entries
      from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
      group by t.id having coalesce(sum(e.amount_cents), 0) <> 0 or count(e.id) = 0
      order by t.created_at`,
  },
  {
    rule: 'ledger-total',
    message: 'the ledger entries together do not sum to zero',
    query: sql`
      select sum(amount_cents)::text as sum_cents, count(*)::int as entries from ledger_entries
      having coalesce(sum(amount_cents), 0) <> 0`,
  },
  {
    rule: 'sale-posting',
    message:
      "a sale transaction does not take the order's amount from card receipts and credit the order's seller",
    query: sql`
      with postings as (
        select t.id, t.order_id,
          coalesce(sum(e.amount_cents) filter (where e.account = 'card_receipts'), 0) as receipts,
          count(*) filter (where e.account = 'user') as user_entries,
          coalesce(sum(e.amount_cents) filter (where e.account = 'user'), 0) as credited,
          coalesce(sum(e.amount_cents) filter (where e.account = 'commission'), 0) as commission,
          bool_and(e.account <> 'user' or e.user_id = o.seller_id or o.seller_id is null) as to_seller,
          o.amount_cents
        from ledger_transactions t
        join orders o on o.id = t.order_id
        join ledger_entries e on e.transaction_id = t.id
        where t.kind = 'sale'
        group by t.id, o.amount_cents, o.seller_id)
      select id::text as transaction_id, order_id::text as order_id, amount_cents,
        receipts::text as receipts_cents, credited::text as credited_cents,
        commission::text as commission_cents, user_entries::int as user_entries, to_seller
      from postings
      where receipts <> -amount_cents or user_entries <> 1 or credited + commission <> amount_cents
        or commission < 0 or not to_seller`,
  },
  {
    rule: 'balance',
    message:
      "a user's balance is not what their sales credited (less commission) plus opening credits",
    query: sql`
      with balances as (
        select user_id, sum(amount_cents) as balance from ledger_entries
        where account = 'user' group by user_id),
      sales as (
        select o.seller_id as user_id,
          sum(o.amount_cents - coalesce((select sum(c.amount_cents) from ledger_entries c
            where c.transaction_id = t.id and c.account = 'commission'), 0)) as earned,
          count(*)::int as sales
        from orders o join ledger_transactions t on t.order_id = o.id and t.kind = 'sale'
        where o.status = 'paid' and o.seller_id is not null
        group by o.seller_id),
      openings as (
        select e.user_id, sum(e.amount_cents) as opened
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where t.kind = 'opening' and e.account = 'user' group by e.user_id),
      everyone as (
        select user_id from balances union select user_id from sales
        union select user_id from openings)
      select u.user_id::text as user_id, coalesce(b.balance, 0)::text as balance_cents,
        coalesce(s.earned, 0)::text as sales_cents, coalesce(s.sales, 0) as sales,
        coalesce(p.opened, 0)::text as opening_cents
      from everyone u
      left join balances b on b.user_id = u.user_id
      left join sales s on s.user_id = u.user_id
      left join openings p on p.user_id = u.user_id
      where coalesce(b.balance, 0) <> coalesce(s.earned, 0) + coalesce(p.opened, 0)
      order by u.user_id`,
  },
  {
    rule: 'paid-orders',
    message:
      'a paid order has not exactly one payment row (of its amount) and one sale transaction, or a payment or sale belongs to no paid order',
    query: sql`
      with per_order as (
        select o.id, o.item_id, o.status, o.amount_cents,
          (select count(*) from payments p where p.order_id = o.id)::int as payments,
          (select count(*) from payments p where p.order_id = o.id
             and p.amount_cents = o.amount_cents)::int as payments_of_amount,
          (select count(*) from ledger_transactions t where t.order_id = o.id
             and t.kind = 'sale')::int as sales
        from orders o)
      select id::text as order_id, item_id, status, amount_cents, payments, payments_of_amount,
        sales
      from per_order
      where (status = 'paid' and (payments <> 1 or payments_of_amount <> 1 or sales <> 1))
         or (status <> 'paid' and (payments <> 0 or sales <> 0))
      union all
      select null, null, 'sale without order', null, null, null, 1
      from ledger_transactions t where t.kind = 'sale' and t.order_id is null`,
  },
  {
    rule: 'provider-charges',
    message:
      'a sandbox payment is not one succeeded intent charged once for that order and amount, or the sandbox charged what no payment records',
    query: sql`
      select p.id::text as payment_id, p.order_id::text as order_id, p.amount_cents,
        p.provider_ref, i.status as intent_status, i.charge_count, i.amount_cents as intent_cents,
        i.metadata->>'orderId' as intent_order
      from payments p left join sandbox_payment_intents i on i.id = p.provider_ref
      where p.provider = 'sandbox' and (i.id is null or i.status <> 'succeeded'
        or i.charge_count <> 1 or i.amount_cents <> p.amount_cents
        or i.metadata->>'orderId' is distinct from p.order_id::text)
      union all
      select null, i.metadata->>'orderId', null, i.id, i.status, i.charge_count, i.amount_cents,
        'no payment row'
      from sandbox_payment_intents i
      where (i.charge_count > 0 or i.status = 'succeeded')
        and not exists (select 1 from payments p where p.provider = 'sandbox'
          and p.provider_ref = i.id)`,
  },
];

/** The names of the rules `auditMarket` checks, in its order. */
export const AUDIT_RULES: readonly string[] = RULES.map((r) => r.rule);

/**
 * Checks every rule; an empty list when the market's books and ownership are consistent. Only
 * `rows` is used, so a caller may pass one bound to an open transaction (the tests inspect a
 * broken state before its commit).
 */
export async function auditMarket(database: Pick<Database, 'rows'>): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const { rule, message, query } of RULES) {
    const rows = await database.rows<Record<string, unknown>>(query);
    if (rows.length > 0) {
      violations.push({ rule, message, count: rows.length, rows: rows.slice(0, ROW_LIMIT) });
    }
  }
  return violations;
}

/** What the books hold: the counts that must agree, one each per paid order. */
export interface MarketCounts {
  paidOrders: number;
  payments: number;
  saleTransactions: number;
  /** Sandbox charges (sum of charge counts) and succeeded sandbox intents. */
  providerCharges: number;
  succeededIntents: number;
  /** Paid orders and payments of the seed (no provider behind them). */
  seededPayments: number;
  activeListings: number;
  acceptedOffers: number;
  pendingOrders: number;
}

export async function marketCounts(database: Pick<Database, 'rows'>): Promise<MarketCounts> {
  const [row] = await database.rows<MarketCounts>(sql`
    select
      (select count(*)::int from orders where status = 'paid') as "paidOrders",
      (select count(*)::int from payments) as "payments",
      (select count(*)::int from ledger_transactions where kind = 'sale') as "saleTransactions",
      (select coalesce(sum(charge_count), 0)::int from sandbox_payment_intents) as "providerCharges",
      (select count(*)::int from sandbox_payment_intents where status = 'succeeded') as "succeededIntents",
      (select count(*)::int from payments where provider <> 'sandbox') as "seededPayments",
      (select count(*)::int from listings where status = 'active') as "activeListings",
      (select count(*)::int from offers where status = 'accepted') as "acceptedOffers",
      (select count(*)::int from orders where status = 'pending') as "pendingOrders"`);
  if (row === undefined) throw new Error('no counts');
  return row;
}

/** A violation as lines of text: the rule, its message, and each row as JSON. */
export function formatViolation(violation: Violation): string {
  const more =
    violation.count > violation.rows.length
      ? `\n    … ${violation.count - violation.rows.length} more`
      : '';
  return [
    `  ${violation.rule}: ${violation.message} (${violation.count} row${violation.count === 1 ? '' : 's'})`,
    ...violation.rows.map((row) => `    ${JSON.stringify(row)}`),
  ]
    .join('\n')
    .concat(more);
}
