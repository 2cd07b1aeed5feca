/**
 * The money rules the database keeps itself (migration 0006): for each, a direct SQL write that
 * breaks it — as a future code path might — is refused, and nothing of it stays. The market's own
 * code never trips them (every other test runs with them in force).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql, type SQL } from 'drizzle-orm';
import { HOUSE_USER_ID } from '../../src/db/schema';
import { post, postingProblem, UnbalancedPostingError } from '../../src/market/ledger';
import { buildTestApp } from '../helpers';

const app = await buildTestApp({ after });
const rows = <T>(query: SQL) => app.database.rows<T>(query);

/** Every text an error carries: drizzle's message, the driver's, and the constraint's name. */
function describeError(error: unknown): string {
  const parts: string[] = [];
  let e: unknown = error;
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth++) {
    const { message, constraint } = e as { message?: unknown; constraint?: unknown };
    if (typeof message === 'string') parts.push(message);
    if (typeof constraint === 'string') parts.push(`constraint=${constraint}`);
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(' | ');
}

/** Runs the statements in one transaction; it must be refused naming `rule`. */
async function refused(rule: string | RegExp, ...statements: SQL[]): Promise<void> {
  let error: unknown = null;
  try {
    await app.database.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
  } catch (caught) {
    error = caught;
  }
  assert.notEqual(error, null, `the database accepted a write that breaks ${String(rule)}`);
  const text = describeError(error);
  if (typeof rule === 'string')
    assert.ok(text.includes(rule), `refused, but not by ${rule}: ${text}`);
  else assert.match(text, rule);
}

const one = async <T>(query: SQL): Promise<T> => {
  const [row] = await rows<T>(query);
  if (row === undefined) throw new Error('no row');
  return row;
};

const demo = await one<{ id: string }>(
  sql`select id from users where email = 'demo@hypertek.local'`,
);
/** An item the house owns and lists, and one the demo account owns with no listing. */
const houseItem = await one<{ id: number; listing_id: string }>(
  sql`select id, listing_id from items where owner_id = ${HOUSE_USER_ID} and listing_id is not null order by id limit 1`,
);
const demoItem = await one<{ id: number }>(
  sql`select id from items where owner_id = ${demo.id} and listing_id is null order by id limit 1`,
);
const ledgerCount = () =>
  one<{ n: number }>(sql`select count(*)::int as n from ledger_entries`).then((r) => r.n);

describe('the ledger keeps itself balanced', () => {
  it('refuses at commit a transaction whose entries do not add up to zero', async () => {
    const before = await ledgerCount();
    await refused(
      'ledger_transaction_balanced',
      sql`insert into ledger_transactions (id, kind) values ('00000000-0000-4000-8000-00000000a001', 'opening')`,
      sql`insert into ledger_entries (transaction_id, account, amount_cents) values ('00000000-0000-4000-8000-00000000a001', 'opening', -500)`,
      sql`insert into ledger_entries (transaction_id, account, user_id, amount_cents) values ('00000000-0000-4000-8000-00000000a001', 'user', ${demo.id}, 499)`,
    );
    assert.equal(await ledgerCount(), before, 'nothing of it was written');
  });

  it('refuses a transaction with a single entry, and entries added later to a balanced one', async () => {
    await refused(
      'ledger_transaction_balanced',
      sql`insert into ledger_transactions (id, kind) values ('00000000-0000-4000-8000-00000000a002', 'opening')`,
    );
    const [existing] = await rows<{ id: string }>(
      sql`select id from ledger_transactions where kind = 'sale' limit 1`,
    );
    assert.ok(existing !== undefined, 'the seed has sales');
    await refused(
      'ledger_transaction_balanced',
      sql`insert into ledger_entries (transaction_id, account, amount_cents) values (${existing.id}, 'commission', 1)`,
    );
  });

  it('is append-only: an entry is never changed or deleted', async () => {
    await refused('append-only', sql`update ledger_entries set amount_cents = amount_cents + 1`);
    await refused('append-only', sql`delete from ledger_entries`);
    await refused('append-only', sql`delete from ledger_transactions`);
  });

  it('refuses an unknown kind, a zero entry and a sale that names no order', async () => {
    await refused(
      'ledger_transactions_kind_check',
      sql`insert into ledger_transactions (kind) values ('gift')`,
    );
    await refused(
      'ledger_transactions_sale_order_check',
      sql`insert into ledger_transactions (kind) values ('sale')`,
    );
    await refused(
      'ledger_entries_amount_check',
      sql`insert into ledger_transactions (id, kind) values ('00000000-0000-4000-8000-00000000a003', 'opening')`,
      sql`insert into ledger_entries (transaction_id, account, amount_cents) values ('00000000-0000-4000-8000-00000000a003', 'opening', 0)`,
    );
  });

  it('keeps the postings of a user: deleting them is refused', async () => {
    await refused(
      /ledger_entries_user_id_users_id_fk|violates foreign key/,
      sql`delete from users where id = ${demo.id}`,
    );
    const still = await one<{ n: number }>(
      sql`select count(*)::int as n from users where id = ${demo.id}`,
    );
    assert.equal(still.n, 1);
  });

  it('post() refuses entries that do not balance before the database sees them', async () => {
    assert.equal(
      postingProblem([{ account: 'opening', amountCents: -1 }]),
      'a posting moves money between at least two entries',
    );
    assert.match(
      postingProblem([
        { account: 'opening', amountCents: -100 },
        { account: 'user', userId: demo.id, amountCents: 99 },
      ]) ?? '',
      /add up to -1 cents/,
    );
    const before = await ledgerCount();
    await assert.rejects(
      app.database.db.transaction((tx) =>
        post(tx, 'opening', [
          { account: 'opening', amountCents: -100 },
          { account: 'user', userId: demo.id, amountCents: 99 },
        ]),
      ),
      UnbalancedPostingError,
    );
    assert.equal(await ledgerCount(), before);
  });
});

describe('the market keeps one truth per item', () => {
  it('refuses an active listing by someone who does not own the item', async () => {
    await refused(
      'listings_seller_is_owner',
      sql`update listings set status = 'cancelled' where id = ${houseItem.listing_id}`,
      sql`update items set listing_id = null where id = ${houseItem.id}`,
      sql`insert into listings (id, item_id, seller_id, kind, price_cents) select '00000000-0000-4000-8000-00000000b001', id, ${demo.id}, kind, 100 from items where id = ${houseItem.id}`,
      sql`update items set listing_id = '00000000-0000-4000-8000-00000000b001' where id = ${houseItem.id}`,
    );
  });

  it('refuses an owner change that leaves the old owner’s listing active', async () => {
    await refused(
      'listings_seller_is_owner',
      sql`update items set owner_id = ${demo.id} where id = ${houseItem.id}`,
    );
    const item = await one<{ owner_id: string }>(
      sql`select owner_id from items where id = ${houseItem.id}`,
    );
    assert.equal(item.owner_id, HOUSE_USER_ID, 'the item did not move');
  });

  it('refuses an item pointer to another item’s listing, to no listing, or to an ended one', async () => {
    await refused(
      'items_listing_fk',
      sql`update items set listing_id = ${houseItem.listing_id} where id = ${demoItem.id}`,
    );
    await refused(
      'items_listing_fk',
      sql`update items set listing_id = '00000000-0000-4000-8000-00000000b002' where id = ${demoItem.id}`,
    );
    await refused(
      'items_listing_is_active',
      sql`update listings set status = 'cancelled' where id = ${houseItem.listing_id}`,
    );
    await refused(
      'items_listing_is_active',
      sql`update items set listing_id = null where id = ${houseItem.id}`,
    );
  });

  it('refuses an order that names both a listing and an offer, or costs nothing', async () => {
    const offer = await one<{ id: string }>(sql`select id from offers limit 1`);
    await refused(
      'orders_listing_or_offer_check',
      sql`insert into orders (user_id, item_id, status, amount_cents, listing_id, offer_id) values (${demo.id}, ${houseItem.id}, 'void', 100, ${houseItem.listing_id}, ${offer.id})`,
    );
    await refused(
      'orders_amount_check',
      sql`insert into orders (user_id, item_id, status, amount_cents) values (${demo.id}, ${houseItem.id}, 'void', 0)`,
    );
    await refused(
      'orders_paid_at_check',
      sql`insert into orders (user_id, item_id, status, amount_cents) values (${demo.id}, ${houseItem.id}, 'paid', 100)`,
    );
  });

  it('refuses a kind or status nobody defined', async () => {
    await refused('orders_status_check', sql`update orders set status = 'refunded'`);
    await refused('listings_status_check', sql`update listings set status = 'paused'`);
    await refused('offers_status_check', sql`update offers set status = 'pending'`);
    await refused('activities_type_check', sql`update activities set type = 'Gift'`);
    await refused(
      'payment_attempts_provider_check',
      sql`insert into payment_attempts (order_id, attempt_no, user_id, item_id, provider, flow, idempotency_key, status, amount_cents)
          select id, 99, user_id, item_id, 'paypal', 'card', 'invariants-test', 'failed', amount_cents from orders limit 1`,
    );
    await refused(
      'ledger_transactions_kind_check',
      sql`insert into ledger_transactions (kind) values ('refund')`,
    );
  });
});
