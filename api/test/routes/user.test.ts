import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { MESSAGES } from '@hypertek/shared/contract';
import { sql } from 'drizzle-orm';
import { API_MESSAGES } from '../../src/lib/errors';
import { buildTestApp, json, PASSWORD, signup, uniqueEmail } from '../helpers';

const app = await buildTestApp({ after });

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object });

async function latestResetToken(email: string): Promise<string> {
  const files = (await readdir(app.config.outboxDir)).sort();
  for (const file of files.reverse()) {
    const raw = await readFile(join(app.config.outboxDir, file), 'utf8');
    if (!raw.includes(email)) continue;
    const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(raw.replace(/=\r?\n/g, ''));
    if (match?.[1] !== undefined) return match[1];
  }
  throw new Error(`no reset email for ${email}`);
}

async function waitForResetToken(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    try {
      return await latestResetToken(email);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return latestResetToken(email);
}

describe('POST /user/signup', () => {
  it('creates an account: 201 with user and token, and no password hash', async () => {
    const email = uniqueEmail();
    const response = await post('/user/signup', {
      Email: email,
      Password: PASSWORD,
      ConfirmPassword: PASSWORD,
    });
    assert.equal(response.statusCode, 201);
    const body = json(response);
    assert.equal(body.success, true);
    assert.equal(body.message, MESSAGES.signupSuccess);
    assert.equal(typeof body.token, 'string');
    assert.equal(body.user.Email, email);
    assert.equal(body.user._id, body.user.id);
    assert.equal(body.user.Password, true);
    assert.equal(body.user.FullName, '');
    assert.equal(body.user.Avatar, null);
    assert.equal(body.user.DiscordId, null);
    assert.equal(body.user.GoogleId, null);
    assert.ok(!JSON.stringify(body).includes('argon2'), 'no hash in the answer');
  });

  it('refuses a duplicate email clearly (409), whatever its case', async () => {
    const { email } = await signup(app);
    const response = await post('/user/signup', {
      Email: email.toUpperCase(),
      Password: PASSWORD,
      ConfirmPassword: PASSWORD,
    });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(json(response), { success: false, message: API_MESSAGES.emailTaken });
  });

  const cases: [string, unknown, string][] = [
    [
      'an invalid email',
      { Email: 'not-an-email', Password: PASSWORD, ConfirmPassword: PASSWORD },
      MESSAGES.invalidEmail,
    ],
    ['a missing email', { Password: PASSWORD, ConfirmPassword: PASSWORD }, MESSAGES.invalidEmail],
    [
      'an email of the wrong type',
      { Email: 42, Password: PASSWORD, ConfirmPassword: PASSWORD },
      MESSAGES.invalidEmail,
    ],
    [
      'a short password',
      { Email: uniqueEmail(), Password: 'short', ConfirmPassword: 'short' },
      MESSAGES.passwordLength,
    ],
    [
      'a long password',
      { Email: uniqueEmail(), Password: 'x'.repeat(21), ConfirmPassword: 'x'.repeat(21) },
      MESSAGES.passwordLength,
    ],
    ['a missing password', { Email: uniqueEmail() }, MESSAGES.passwordLength],
    [
      'a password of the wrong type',
      { Email: uniqueEmail(), Password: 12345678, ConfirmPassword: 12345678 },
      MESSAGES.passwordLength,
    ],
    [
      'a confirmation that differs',
      { Email: uniqueEmail(), Password: PASSWORD, ConfirmPassword: `${PASSWORD}x` },
      MESSAGES.passwordsDoNotMatch,
    ],
    [
      'a missing confirmation',
      { Email: uniqueEmail(), Password: PASSWORD },
      MESSAGES.passwordsDoNotMatch,
    ],
    ['an empty body', {}, MESSAGES.invalidEmail],
  ];
  for (const [name, payload, message] of cases) {
    it(`answers 400 '${message}' for ${name}`, async () => {
      const response = await post('/user/signup', payload);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(json(response), { success: false, message });
    });
  }

  it('answers 400 with a clear message for a body that is not an object', async () => {
    const response = await post('/user/signup', ['a', 'b']);
    assert.equal(response.statusCode, 400);
    assert.equal(json(response).message, MESSAGES.invalidEmail);
  });
});

describe('POST /user/login', () => {
  it('signs in with the right password', async () => {
    const { email } = await signup(app);
    const response = await post('/user/login', { Email: email, Password: PASSWORD });
    assert.equal(response.statusCode, 200);
    const body = json(response);
    assert.equal(body.success, true);
    assert.equal(body.message, MESSAGES.loginSuccess);
    assert.equal(body.user.Email, email);
    assert.equal(typeof body.token, 'string');
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const { email } = await signup(app);
    const wrong = await post('/user/login', { Email: email, Password: 'Wrong-2117' });
    const unknown = await post('/user/login', { Email: uniqueEmail(), Password: PASSWORD });
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    assert.deepEqual(json(wrong), { success: false, message: API_MESSAGES.invalidCredentials });
    assert.deepEqual(json(unknown), json(wrong));
  });

  it('validates with the product messages', async () => {
    const badEmail = await post('/user/login', { Email: 'x@', Password: PASSWORD });
    assert.deepEqual(json(badEmail), { success: false, message: MESSAGES.invalidEmail });
    const badPassword = await post('/user/login', { Email: uniqueEmail(), Password: '123' });
    assert.deepEqual(json(badPassword), { success: false, message: MESSAGES.passwordLength });
  });

  it('signs in the seeded demo account', async () => {
    const response = await post('/user/login', {
      Email: 'demo@hypertek.local',
      Password: 'HyperTek2117',
    });
    assert.equal(response.statusCode, 200);
    assert.equal(json(response).user.FullName, 'Demo Pilot');
  });
});

describe('password reset', () => {
  it('answers the same whether the email exists or not', async () => {
    const { email } = await signup(app);
    const known = await post('/user/forgot-password', { Email: email });
    const unknown = await post('/user/forgot-password', { Email: uniqueEmail() });
    assert.equal(known.statusCode, 200);
    assert.equal(unknown.statusCode, 200);
    assert.deepEqual(json(known), json(unknown));
    assert.deepEqual(json(known), { success: true, message: API_MESSAGES.resetSent });
  });

  it('validates the email', async () => {
    const response = await post('/user/forgot-password', { Email: 'nope' });
    assert.equal(response.statusCode, 400);
    assert.equal(json(response).message, MESSAGES.invalidEmail);
  });

  it('emails a link to the site that resets the password once, and revokes older tokens', async () => {
    const user = await signup(app);
    await post('/user/forgot-password', { Email: user.email });
    const token = await waitForResetToken(user.email);
    const outbox = await readdir(app.config.outboxDir);
    const raw = (
      await Promise.all(outbox.map((f) => readFile(join(app.config.outboxDir, f), 'utf8')))
    ).join('\n');
    assert.ok(raw.replace(/=\r?\n/g, '').includes(`${app.config.siteUrl}/reset-password/${token}`));

    const newPassword = 'Brand-New-2117';
    const reset = await post(`/user/reset-password/${token}`, {
      Password: newPassword,
      ConfirmPassword: newPassword,
    });
    assert.equal(reset.statusCode, 200);
    assert.deepEqual(json(reset), { success: true, message: MESSAGES.resetSuccess });

    const again = await post(`/user/reset-password/${token}`, {
      Password: 'Other-2117x',
      ConfirmPassword: 'Other-2117x',
    });
    assert.equal(again.statusCode, 400);
    assert.deepEqual(json(again), { success: false, message: API_MESSAGES.resetLinkInvalid });

    const oldLogin = await post('/user/login', { Email: user.email, Password: PASSWORD });
    assert.equal(oldLogin.statusCode, 401);
    const newLogin = await post('/user/login', { Email: user.email, Password: newPassword });
    assert.equal(newLogin.statusCode, 200);

    const profile = await app.inject({
      method: 'GET',
      url: '/api/v1/getProfile',
      headers: user.auth,
    });
    assert.equal(profile.statusCode, 401, 'the token from before the reset is revoked');
  });

  it('refuses an expired link', async () => {
    const user = await signup(app);
    await post('/user/forgot-password', { Email: user.email });
    const token = await waitForResetToken(user.email);
    await app.database.rows(
      sql`update password_resets set expires_at = now() - interval '1 minute'`,
    );
    const response = await post(`/user/reset-password/${token}`, {
      Password: 'Brand-New-2117',
      ConfirmPassword: 'Brand-New-2117',
    });
    assert.equal(response.statusCode, 400);
    assert.equal(json(response).message, API_MESSAGES.resetLinkInvalid);
  });

  it('refuses an unknown link, and validates with the product messages first', async () => {
    const unknown = await post('/user/reset-password/not-a-real-token', {
      Password: 'Brand-New-2117',
      ConfirmPassword: 'Brand-New-2117',
    });
    assert.equal(unknown.statusCode, 400);
    assert.equal(json(unknown).message, API_MESSAGES.resetLinkInvalid);
    const short = await post('/user/reset-password/whatever', {
      Password: 'short',
      ConfirmPassword: 'short',
    });
    assert.equal(json(short).message, MESSAGES.passwordLength);
    const mismatch = await post('/user/reset-password/whatever', {
      Password: 'Brand-New-2117',
      ConfirmPassword: 'Brand-New-2118',
    });
    assert.equal(json(mismatch).message, MESSAGES.passwordsDoNotMatch);
  });
});
