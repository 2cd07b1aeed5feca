/**
 * Two instances, one truth: two API processes with the same JWT secret, the same PostgreSQL
 * database and the same Redis (same rate-limit namespace), with requests spread across both.
 * (a) the sign-in rate limit counts across instances, (b) simultaneous card payments for one item
 * split across both make one charge and one purchase, (c) a token revoked by a password change on
 * one instance is refused by the other, (d) the market's invariants: a user's listing paid for by
 * many buyers at once across both makes one sale, one charge and one balanced credit, and two
 * accepts of offers on one item (one per instance) make one reservation. Needs a PostgreSQL
 * server and Redis (CI has both).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import pg from 'pg';
import { call, cardPayment, sandboxCard, startApi, type ApiProcess } from '../support/api-process';
import { createServerDatabase, type ServerDatabase } from '../support/server-database';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const skip =
  databaseUrl === undefined || !/^postgres(ql)?:/.test(databaseUrl) || redisUrl === undefined
    ? 'needs DATABASE_URL (a PostgreSQL server) and REDIS_URL: two instances can only share those'
    : false;

const AUTH_MAX = 5;
const CONCURRENT_PAYS = 20;
const PASSWORD = 'Secret-2117';
const ITEM = 7;

describe('two instances, one truth', { skip }, () => {
  it(
    'share rate limits, the one-purchase rule and token revocation',
    { timeout: 180_000 },
    async (t) => {
      const dir = await mkdtemp(join(tmpdir(), 'hypertek-two-'));
      const server: ServerDatabase = await createServerDatabase(databaseUrl!, 'hypertek_two');
      const processes: ApiProcess[] = [];
      t.after(async () => {
        for (const p of processes) await p.kill9();
        await server.drop();
        await rm(dir, { recursive: true, force: true });
      });
      const env = {
        JWT_SECRET: randomBytes(32).toString('hex'),
        DATABASE_URL: server.url,
        REDIS_URL: redisUrl!,
        RATE_LIMIT_NAMESPACE: `hypertek-two-${randomBytes(6).toString('hex')}-`,
        RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
        RATE_LIMIT_WINDOW_MS: '60000',
        RATE_LIMIT_SANDBOX_MAX: '1000',
        UPLOADS_DIR: join(dir, 'uploads'),
        OUTBOX_DIR: join(dir, 'outbox'),
        SEED_ON_START: 'true',
        // The market part signs up many buyers: each comes from its own (documentation) address.
        TRUST_PROXY: 'true',
      };
      // One after the other: the first seeds the catalogue, the second finds it seeded.
      const a = await startApi(env);
      processes.push(a);
      const b = await startApi(env);
      processes.push(b);

      const email = `two-${randomBytes(4).toString('hex')}@example.com`;
      const signedUp = await call(a.origin, 'POST', '/user/signup', {
        body: { Email: email, Password: PASSWORD, ConfirmPassword: PASSWORD },
      });
      assert.equal(signedUp.status, 201, JSON.stringify(signedUp.body));
      const userId = (signedUp.body as { user: { _id: string } }).user._id;
      const firstToken = (signedUp.body as { token: string }).token;

      // (a) Rate limit: AUTH_MAX wrong-password logins alternating between the instances, then the
      // next one on either instance is 429.
      const loginStatuses: string[] = [];
      for (let attempt = 1; attempt <= AUTH_MAX + 2; attempt++) {
        const target = attempt % 2 === 1 ? a : b;
        const answer = await call(target.origin, 'POST', '/user/login', {
          body: { Email: email, Password: 'Wrong-password-1' },
        });
        loginStatuses.push(`${target === a ? 'A' : 'B'}:${answer.status}`);
        if (attempt <= AUTH_MAX) assert.equal(answer.status, 401, JSON.stringify(answer.body));
        else {
          assert.equal(answer.status, 429, `attempt ${attempt}: ${JSON.stringify(answer.body)}`);
          assert.match((answer.body as { message: string }).message, /^Too many attempts/);
        }
      }

      // (b) One purchase (the seeded demo account has purchases of its own: count this buyer's): CONCURRENT_PAYS card payments for one item at once, half on each instance.
      const item = await call(a.origin, 'GET', `/search/item/${ITEM}`);
      const cents = Math.round((item.body as { data: { price: number } }).data.price * 100);
      const methods = await Promise.all(
        Array.from({ length: CONCURRENT_PAYS }, (_, i) =>
          sandboxCard((i % 2 === 0 ? a : b).origin),
        ),
      );
      const answers = await Promise.all(
        methods.map((method, i) =>
          call((i % 2 === 0 ? a : b).origin, 'POST', '/card/pay-with-card', {
            token: firstToken,
            body: cardPayment(userId, ITEM, cents, method),
          }),
        ),
      );
      const statuses = new Map<number, number>();
      for (const answer of answers)
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      for (const answer of answers) {
        assert.ok(answer.status === 200 || answer.status === 409, JSON.stringify(answer.body));
      }
      const paymentIds = new Set(
        answers
          .filter((r) => r.status === 200)
          .map((r) => (r.body as { payment: { id: string } }).payment.id),
      );
      assert.equal(paymentIds.size, 1, `payments answered: ${[...paymentIds].join(', ')}`);
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      let charges: number;
      let payments: number;
      let paidOrders: number;
      try {
        charges = (
          await client.query<{ n: number }>(
            'select coalesce(sum(charge_count), 0)::int as n from sandbox_payment_intents',
          )
        ).rows[0]!.n;
        payments = (
          await client.query<{ n: number }>(
            'select count(*)::int as n from payments where user_id = $1',
            [userId],
          )
        ).rows[0]!.n;
        paidOrders = (
          await client.query<{ n: number }>(
            `select count(*)::int as n from orders where status = 'paid' and user_id = $1`,
            [userId],
          )
        ).rows[0]!.n;
      } finally {
        await client.end();
      }
      assert.equal(charges, 1, 'card charges');
      assert.equal(payments, 1, 'payments recorded');
      assert.equal(paidOrders, 1, 'paid orders');
      for (const instance of [a, b]) {
        const history = await call(instance.origin, 'GET', `/history/history/${userId}`, {
          token: firstToken,
        });
        assert.equal((history.body as { data: unknown[] }).data.length, 1);
      }

      // (c) Revocation: the password changes on A; B refuses the old token and takes the new one.
      const form = new FormData();
      form.set('Password', PASSWORD);
      form.set('NewPassword', 'Another-2118');
      form.set('ConfirmPassword', 'Another-2118');
      const changed = await fetch(`${a.origin}/api/v1/profile`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${firstToken}` },
        body: form,
      });
      const changedBody = (await changed.json()) as { token?: string };
      assert.equal(changed.status, 200, JSON.stringify(changedBody));
      assert.equal(typeof changedBody.token, 'string');
      const oldOnB = await call(b.origin, 'GET', '/getProfile', { token: firstToken });
      assert.equal(oldOnB.status, 401, JSON.stringify(oldOnB.body));
      const newOnB = await call(b.origin, 'GET', '/getProfile', { token: changedBody.token! });
      assert.equal(newOnB.status, 200, JSON.stringify(newOnB.body));

      // (d) The market across instances: A lists an item of theirs; buyers on both pay at once.
      let clientNo = 0;
      const signUp = async (origin: string) => {
        clientNo += 1;
        const answer = await call(origin, 'POST', '/user/signup', {
          headers: { 'x-forwarded-for': `203.0.113.${clientNo}` },
          body: {
            Email: `two-${randomBytes(5).toString('hex')}@example.com`,
            Password: PASSWORD,
            ConfirmPassword: PASSWORD,
          },
        });
        assert.equal(answer.status, 201, JSON.stringify(answer.body));
        const body = answer.body as { user: { _id: string }; token: string };
        return { id: body.user._id, token: body.token };
      };
      const LISTED = 8;
      const seller = await signUp(a.origin);
      const house = await call(a.origin, 'GET', `/search/item/${LISTED}`);
      const houseCents = Math.round((house.body as { data: { price: number } }).data.price * 100);
      const bought = await call(a.origin, 'POST', '/card/pay-with-card', {
        token: seller.token,
        body: cardPayment(seller.id, LISTED, houseCents, await sandboxCard(a.origin)),
      });
      assert.equal(bought.status, 200, JSON.stringify(bought.body));
      const listed = await call(b.origin, 'POST', '/market/listings', {
        token: seller.token,
        body: { itemId: String(LISTED), price: 321, expiresIn: '6 Months' },
      });
      assert.equal(listed.status, 201, JSON.stringify(listed.body));
      const buyers = await Promise.all(
        Array.from({ length: CONCURRENT_PAYS }, (_, i) => signUp((i % 2 === 0 ? a : b).origin)),
      );
      const buyerMethods = await Promise.all(
        buyers.map((_, i) => sandboxCard((i % 2 === 0 ? a : b).origin)),
      );
      const market = await Promise.all(
        buyers.map((buyer, i) =>
          call((i % 2 === 0 ? a : b).origin, 'POST', '/card/pay-with-card', {
            token: buyer.token,
            body: cardPayment(buyer.id, LISTED, 32_100, buyerMethods[i]!),
          }),
        ),
      );
      const marketStatuses = market.map((r) => r.status);
      assert.equal(marketStatuses.filter((s) => s === 200).length, 1, marketStatuses.join(','));
      assert.ok(
        marketStatuses.every((s) => s === 200 || s === 409),
        marketStatuses.join(','),
      );

      // Two accepts at once, one on each instance: one reservation.
      const RESERVED = 9;
      const owner = await signUp(b.origin);
      const reservedHouse = await call(b.origin, 'GET', `/search/item/${RESERVED}`);
      const reservedCents = Math.round(
        (reservedHouse.body as { data: { price: number } }).data.price * 100,
      );
      const ownerBought = await call(b.origin, 'POST', '/card/pay-with-card', {
        token: owner.token,
        body: cardPayment(owner.id, RESERVED, reservedCents, await sandboxCard(b.origin)),
      });
      assert.equal(ownerBought.status, 200, JSON.stringify(ownerBought.body));
      const offerIds = await Promise.all(
        buyers.slice(0, 2).map(async (buyer, i) => {
          const made = await call((i === 0 ? a : b).origin, 'POST', '/market/offers', {
            token: buyer.token,
            body: { itemId: String(RESERVED), price: 100 + i, expiresIn: '6 Hours' },
          });
          assert.equal(made.status, 201, JSON.stringify(made.body));
          return (made.body as { offer: { _id: string } }).offer._id;
        }),
      );
      const accepts = await Promise.all(
        offerIds.map((id, i) =>
          call((i === 0 ? a : b).origin, 'POST', `/market/offers/${id}/accept`, {
            token: owner.token,
            body: {},
          }),
        ),
      );
      const acceptStatuses = accepts.map((r) => r.status).sort();
      assert.deepEqual(
        acceptStatuses,
        [200, 409],
        JSON.stringify(accepts.map((r) => r.body as unknown)),
      );

      const db = new pg.Client({ connectionString: server.url });
      await db.connect();
      let marketRow: Record<string, number>;
      try {
        marketRow = (
          await db.query<Record<string, number>>(
            `select
               (select count(*)::int from orders where item_id = $1 and status = 'paid') as paid,
               (select coalesce(sum(charge_count), 0)::int from sandbox_payment_intents
                  where metadata->>'itemId' = $1::text) as charges,
               (select count(*)::int from ledger_transactions t join orders o on o.id = t.order_id
                  where o.item_id = $1) as credits,
               (select count(*)::int from (select transaction_id from ledger_entries
                  group by transaction_id having sum(amount_cents) <> 0) as u) as unbalanced,
               (select count(*)::int from orders where item_id = $2 and status = 'pending') as reserved`,
            [LISTED, RESERVED],
          )
        ).rows[0]!;
      } finally {
        await db.end();
      }
      // The seller's purchase from the house and the one sale of the listing.
      assert.deepEqual(marketRow, { paid: 2, charges: 2, credits: 2, unbalanced: 0, reserved: 1 });
      const sellerBalance = await call(a.origin, 'GET', `/market/balance/${seller.id}`, {
        token: seller.token,
      });
      assert.equal((sellerBalance.body as { balanceCents: number }).balanceCents, 32_100);

      console.log(
        `two instances: logins ${loginStatuses.join(' ')} (limit ${AUTH_MAX}); ` +
          `${CONCURRENT_PAYS} concurrent pays across both → ${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}, ` +
          `${charges} charge, ${payments} payment, ${paidOrders} paid order; ` +
          `old token on B after the password change on A: ${oldOnB.status}, new token: ${newOnB.status}; ` +
          `${CONCURRENT_PAYS} buyers of one listing across both → ${marketStatuses.filter((s) => s === 200).length} sale, ` +
          `${marketRow.charges - 1} charge, ${marketRow.credits - 1} credit, ${marketRow.unbalanced} unbalanced; ` +
          `two accepts across both → ${acceptStatuses.join(', ')}`,
      );
    },
  );
});
