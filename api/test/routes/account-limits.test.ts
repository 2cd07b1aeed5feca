/**
 * Sign-in calls cannot be used to learn who has an account, nor to hammer one account from many
 * addresses: per-account limits on login and reset emails; reset links live as long as configured.
 */
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { API_MESSAGES } from '../../src/lib/errors';
import { buildTestApp, json, PASSWORD, signup, uniqueEmail } from '../helpers';

const app = await buildTestApp(
  { after },
  { resetTokenTtlMinutes: 7, rateLimit: { resetPerEmail: 3, loginPerEmail: 4 } },
);

/** Each call from its own client address: only the per-account limit can stop them. */
let address = 0;
const post = (url: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    remoteAddress: `10.0.${Math.floor(++address / 250)}.${address % 250}`,
  });

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('per-account limits', () => {
  it('forgot-password: at most 3 per email per window, whatever the address', async () => {
    const { email } = await signup(app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await post('/user/forgot-password', { Email: email })).statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    const refused = await post('/user/forgot-password', { Email: email.toUpperCase() });
    assert.equal(refused.statusCode, 429, 'the same account, spelt differently');
    assert.match(json(refused).message, /^Too many attempts\. Please try again in \d+ minutes\.$/);
    // Another email is not affected, and an unknown email is limited the same way.
    const other = uniqueEmail();
    const others: number[] = [];
    for (let i = 0; i < 4; i++) {
      others.push((await post('/user/forgot-password', { Email: other })).statusCode);
    }
    assert.deepEqual(others, [200, 200, 200, 429]);
  });

  it('login: at most 4 attempts per account per window, whatever the address', async () => {
    const { email } = await signup(app);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await post('/user/login', { Email: email, Password: 'Wrong-2117x' })).statusCode,
      );
    }
    statuses.push((await post('/user/login', { Email: email, Password: PASSWORD })).statusCode);
    const blocked = await post('/user/login', { Email: email, Password: PASSWORD });
    assert.deepEqual(statuses, [401, 401, 401, 200]);
    assert.equal(blocked.statusCode, 429);
    const someoneElse = await signup(app);
    const fine = await post('/user/login', { Email: someoneElse.email, Password: PASSWORD });
    assert.equal(fine.statusCode, 200);
  });
});

describe('forgot-password answers before it looks anything up', () => {
  it('the link is still made and mailed after the answer', async () => {
    const { email } = await signup(app);
    const response = await post('/user/forgot-password', { Email: email });
    assert.deepEqual(json(response), { success: true, message: API_MESSAGES.resetSent });
    const localPart = email.split('@')[0] ?? email;
    await until(
      async () =>
        (await readdir(app.config.outboxDir).catch(() => [])).some((f) => f.includes('eml')) &&
        (
          await app.database.rows(
            sql`select 1 from password_resets r join users u on u.id = r.user_id where u.email = ${email}`,
          )
        ).length > 0,
    );
    const rows = await app.database.rows<{ minutes: number }>(
      sql`select extract(epoch from (r.expires_at - now())) / 60 as minutes
          from password_resets r join users u on u.id = r.user_id where u.email = ${email}`,
    );
    assert.equal(rows.length, 1, `a reset row for ${localPart}`);
    const minutes = Number(rows[0]?.minutes);
    assert.ok(
      minutes > 6 && minutes <= 7,
      `the link lives RESET_TOKEN_TTL_MINUTES (7), got ${minutes}`,
    );
  });
});
