/**
 * The market's invariant checker (src/db/audit.ts): silent on a consistent database (the seed,
 * then sales, offers and listings made through the API), and each rule fires on a database broken
 * on purpose. Each break runs in a transaction with every deferrable constraint deferred, the
 * checker reads the broken state before the commit, and the transaction is rolled back. A break
 * that the database itself refuses at once (a unique index, a check, an append-only trigger) is
 * asserted as refused instead: the rule then holds by construction. Constraints checked at commit
 * (deferred triggers) never refuse here: the checker must see those breaks.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql, type SQL } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { AUDIT_RULES, auditMarket, formatViolation, type Violation } from '../../src/db/audit';
import { sqlState } from '../../src/db/client';
import { buildTestApp, json, signup } from '../helpers';
import { answerOffer, buy, HOUSE_LAND, HOUSE_NFA, list, offer } from '../market-helpers';

const app = await buildTestApp({ after });

const one = async <T>(query: SQL): Promise<T> => {
  const [row] = await app.database.rows<T>(query);
  if (row === undefined) throw new Error('no row');
  return row;
};

type Outcome = { refused: string } | { violations: Violation[] };

/**
 * Runs `statements` in a transaction (constraints deferred), audits the result before commit,
 * rolls back. A statement the database refuses ends it as `refused` (its SQLSTATE).
 */
async function breakAndAudit(statements: SQL[]): Promise<Outcome> {
  let outcome: Outcome | undefined;
  try {
    await app.database.db.transaction(async (tx) => {
      await tx.execute(sql`set constraints all deferred`);
      for (const statement of statements) {
        try {
          // A savepoint, so that a refused statement leaves the transaction usable to roll back.
          await tx.execute(sql`savepoint audit_case`);
          await tx.execute(statement);
        } catch (error) {
          outcome = { refused: sqlState(error) ?? String(error) };
          await tx.execute(sql`rollback to savepoint audit_case`);
          tx.rollback();
        }
      }
      const rows = async <T>(query: SQL): Promise<T[]> => {
        const result: unknown = await tx.execute(query);
        return (result as { rows: T[] }).rows;
      };
      outcome = { violations: await auditMarket({ rows }) };
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  if (outcome === undefined) throw new Error('no outcome');
  return outcome;
}

const covered = { detected: [] as string[], refused: [] as string[] };

/** The break is either refused by the database (an integrity error) or reported under `rule`. */
async function expectCaught(rule: string, statements: SQL[]): Promise<void> {
  const outcome = await breakAndAudit(statements);
  if ('refused' in outcome) {
    // Class 23: integrity constraint violation (unique, check, foreign key, the ledger's triggers).
    assert.match(outcome.refused, /^23/, `refused, but not by a constraint: ${outcome.refused}`);
    covered.refused.push(`${rule} (${outcome.refused})`);
    return;
  }
  const found = outcome.violations.find((v) => v.rule === rule);
  assert.ok(
    found !== undefined,
    `${rule} not reported; got:\n${outcome.violations.map(formatViolation).join('\n') || '  nothing'}`,
  );
  assert.ok(found.count > 0 && found.rows.length > 0);
  covered.detected.push(rule);
  // The rest of the database is still consistent: the audit after the rollback is silent.
  assert.deepEqual(await auditMarket(app.database), []);
}

// A consistent history through the API: sandbox sales from the house and between users, an
// accepted offer paid, a listing and an open offer left.
const alice = await signup(app);
const bob = await signup(app);
const carol = await signup(app);
assert.equal((await buy(app, alice, HOUSE_NFA)).statusCode, 200);
assert.equal((await buy(app, alice, HOUSE_LAND)).statusCode, 200);
assert.equal((await list(app, alice, HOUSE_NFA, 250)).statusCode, 201);
assert.equal((await buy(app, bob, HOUSE_NFA)).statusCode, 200);
const made = await offer(app, carol, HOUSE_LAND, 120);
assert.equal(made.statusCode, 201);
const offerId = json(made).offer._id as string;
assert.equal((await answerOffer(app, alice, offerId, 'accept')).statusCode, 200);
assert.equal((await buy(app, carol, HOUSE_LAND, 12_000)).statusCode, 200);
assert.equal((await list(app, bob, HOUSE_NFA, 300)).statusCode, 201);
assert.equal((await offer(app, alice, HOUSE_NFA, 100)).statusCode, 201);

/** Rows the cases break. */
const sandboxPayment = await one<{ order_id: string; provider_ref: string }>(sql`
  select order_id::text, provider_ref from payments where provider = 'sandbox'
  order by created_at limit 1`);
const paidOrder = sandboxPayment.order_id;
const activeListing = await one<{ id: string; item_id: number }>(sql`
  select id::text, item_id::int from listings where status = 'active' and item_id = ${HOUSE_NFA}`);
const saleTxn = await one<{ id: string }>(sql`
  select id::text from ledger_transactions where order_id = ${paidOrder}`);

describe('auditMarket', () => {
  it('finds nothing on the seeded database after sales, offers and listings through the API', async () => {
    assert.deepEqual(await auditMarket(app.database), []);
    const counts = await one<{ paid: number; sandbox: number; charges: number }>(sql`
      select (select count(*)::int from orders where status = 'paid') as paid,
        (select count(*)::int from payments where provider = 'sandbox') as sandbox,
        (select sum(charge_count)::int from sandbox_payment_intents) as charges`);
    assert.equal(counts.sandbox, 4);
    assert.equal(counts.charges, 4);
  });

  it('owner: an item owned by someone who never bought it', () =>
    expectCaught('owner', [
      sql`update items set owner_id = ${carol.user._id} where id = ${HOUSE_NFA}`,
    ]));

  it('sale-chain: a paid order whose seller is not the previous buyer', () =>
    expectCaught('sale-chain', [
      sql`update orders set seller_id = ${carol.user._id} where id = ${paidOrder}`,
    ]));

  it('one-active-listing: a second active listing of an item', () =>
    expectCaught('one-active-listing', [
      sql`insert into listings (item_id, seller_id, kind, price_cents)
          select item_id, seller_id, kind, price_cents + 1 from listings where id = ${activeListing.id}`,
    ]));

  it('one-accepted-offer: two accepted offers on one item', () =>
    expectCaught('one-accepted-offer', [
      sql`insert into offers (item_id, buyer_id, price_cents, status, expires_at)
          values (${HOUSE_NFA}, ${carol.user._id}, 100, 'accepted', now() + interval '1 day'),
                 (${HOUSE_NFA}, ${alice.user._id}, 100, 'accepted', now() + interval '1 day')`,
    ]));

  it('one-pending-order: two checkout holds on one item', () =>
    expectCaught('one-pending-order', [
      sql`insert into orders (user_id, item_id, status, amount_cents, hold_until)
          values (${carol.user._id}, ${HOUSE_NFA}, 'pending', 100, now() + interval '1 hour'),
                 (${alice.user._id}, ${HOUSE_NFA}, 'pending', 100, now() + interval '1 hour')`,
    ]));

  it('listing-seller: an active listing by someone who does not own the item', () =>
    expectCaught('listing-seller', [
      sql`update listings set seller_id = ${carol.user._id} where id = ${activeListing.id}`,
    ]));

  it('listing-pointer: an item that does not point at its active listing', () =>
    expectCaught('listing-pointer', [
      sql`update items set listing_id = null, listing_ends_at = null where id = ${activeListing.item_id}`,
    ]));

  it('ledger-balanced and ledger-total: a transaction whose entries do not sum to zero', async () => {
    const statements = [
      sql`insert into ledger_transactions (id, kind) values ('00000000-0000-4000-8000-000000000026', 'opening')`,
      sql`insert into ledger_entries (transaction_id, account, user_id, amount_cents)
          values ('00000000-0000-4000-8000-000000000026', 'user', ${carol.user._id}, 500)`,
    ];
    await expectCaught('ledger-balanced', statements);
    await expectCaught('ledger-total', statements);
  });

  it("sale-posting: a sale that credits more than the order's amount", () =>
    expectCaught('sale-posting', [
      sql`insert into ledger_entries (transaction_id, account, user_id, amount_cents)
          values (${saleTxn.id}, 'user', ${carol.user._id}, 700),
                 (${saleTxn.id}, 'card_receipts', null, -700)`,
    ]));

  it("balance: a user's balance that is not what their sales credited", () =>
    expectCaught('balance', [
      sql`update orders set amount_cents = amount_cents + 1 where id = ${paidOrder}`,
    ]));

  it('paid-orders: a paid order without its payment row', () =>
    expectCaught('paid-orders', [sql`delete from payments where order_id = ${paidOrder}`]));

  it('paid-orders: a paid order without its sale transaction', () =>
    expectCaught('paid-orders', [sql`delete from ledger_transactions where id = ${saleTxn.id}`]));

  it('provider-charges: an intent charged twice', () =>
    expectCaught('provider-charges', [
      sql`update sandbox_payment_intents set charge_count = 2 where id = ${sandboxPayment.provider_ref}`,
    ]));

  it('provider-charges: a charge no payment records', () =>
    expectCaught('provider-charges', [
      sql`insert into sandbox_payment_intents (id, client_secret, amount_cents, currency, status, charge_count)
          values ('pi_sandbox_audit_test', 'pi_sandbox_audit_test_secret', 1000, 'usd', 'succeeded', 1)`,
    ]));

  it('covers every rule', (t) => {
    const seen = new Set([...covered.detected, ...covered.refused.map((r) => r.split(' ')[0])]);
    assert.deepEqual(
      AUDIT_RULES.filter((rule) => !seen.has(rule)),
      [],
    );
    t.diagnostic(`detected: ${covered.detected.join(', ')}`);
    t.diagnostic(`refused by the database: ${covered.refused.join(', ') || 'none'}`);
  });
});
