/**
 * Two instances, one truth: two API processes with the same JWT secret, the same PostgreSQL
 * database and the same Redis (same rate-limit namespace), with requests spread across both.
 * (a) the sign-in rate limit counts across instances, (b) simultaneous card payments for one item
 * split across both make one charge and one purchase, (c) a token revoked by a password change on
 * one instance is refused by the other. Needs a PostgreSQL server and Redis (CI has both).
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

      console.log(
        `two instances: logins ${loginStatuses.join(' ')} (limit ${AUTH_MAX}); ` +
          `${CONCURRENT_PAYS} concurrent pays across both → ${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}, ` +
          `${charges} charge, ${payments} payment, ${paidOrders} paid order; ` +
          `old token on B after the password change on A: ${oldOnB.status}, new token: ${newOnB.status}`,
      );
    },
  );
});
