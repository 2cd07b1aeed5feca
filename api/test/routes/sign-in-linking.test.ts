/**
 * Accounts stay one person's: Google and Discord sign-ins join an existing account only through
 * an email the provider verified, and then an email/password account whose email was never
 * proven loses its password (whoever typed that address at sign-up may not own the mailbox).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SIGNIN_MESSAGES } from '../../src/lib/errors';
import { json, PASSWORD, signup, uniqueEmail } from '../helpers';
import { GOOGLE_CLIENT_ID, startProvidersAndApp } from '../support/identity-provider-server';

const { providers, app } = await startProvidersAndApp();

let counter = 0;
const subject = () => `${Date.now()}${counter++}`;

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });

const googleSignIn = (email: string, emailVerified: boolean, sub = subject()) =>
  post('/user/google', {
    token: providers.googleToken({
      aud: GOOGLE_CLIENT_ID,
      account: { sub, email, email_verified: emailVerified, name: 'Grace Hopper' },
    }),
  });

const discordSignIn = (email: string, verified: boolean, id = subject()) =>
  post('/user/discord', {
    code: providers.discordCode({ id, username: 'grace', global_name: null, email, verified }),
  });

const login = (email: string, password = PASSWORD) =>
  post('/user/login', { Email: email, Password: password });

const profile = (token: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/getProfile',
    headers: { authorization: `Bearer ${token}` },
  });

/** Proves the mailbox the way a person does: a reset link from the email, then a new password. */
async function resetPassword(userId: string, password: string): Promise<void> {
  const token = await app.passwordResetsRepository.issue(userId);
  const response = await post(`/user/reset-password/${token}`, {
    Password: password,
    ConfirmPassword: password,
  });
  assert.equal(response.statusCode, 200, response.body);
}

describe('linking a provider sign-in to an existing account', () => {
  it('links Google by verified email, and clears the password of an unproven sign-up', async () => {
    const account = await signup(app);
    const response = await googleSignIn(account.email, true);
    assert.equal(response.statusCode, 200, response.body);
    const body = json(response);
    assert.equal(body.created, false);
    assert.equal(body.user._id, account.user._id, 'the same account');
    assert.equal(body.user.Password, false);
    assert.equal(body.user.FullName, 'Grace Hopper');

    assert.equal((await login(account.email)).statusCode, 401, 'the old password stops working');
    assert.equal((await profile(account.token)).statusCode, 401, 'older sessions are revoked');
    const now = json(await profile(body.token));
    assert.equal(now.user.GoogleId, body.user.GoogleId);
    assert.equal(now.user.Email, account.email);

    // The owner can set a password again through the reset link sent to the (now proven) email.
    await resetPassword(account.user._id, 'Another-2117');
    assert.equal((await login(account.email, 'Another-2117')).statusCode, 200);
  });

  it('keeps the password of an account whose email was proven by a reset link', async () => {
    const account = await signup(app);
    await resetPassword(account.user._id, 'Proven-2117');
    const session = json(await login(account.email, 'Proven-2117'));

    const response = await googleSignIn(account.email, true);
    assert.equal(response.statusCode, 200);
    assert.equal(json(response).user._id, account.user._id);
    assert.equal(json(response).user.Password, true);
    assert.equal((await login(account.email, 'Proven-2117')).statusCode, 200);
    assert.equal((await profile(session.token)).statusCode, 200, 'sessions stay');
  });

  it('links Discord by verified email the same way', async () => {
    const account = await signup(app);
    const response = await discordSignIn(account.email, true);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(json(response).user._id, account.user._id);
    assert.equal(json(response).user.Password, false);
    assert.equal((await login(account.email)).statusCode, 401);
  });

  it('never links by an unverified email: a new account, and the old one is untouched', async () => {
    const account = await signup(app);
    for (const response of [
      await googleSignIn(account.email, false),
      await discordSignIn(account.email, false),
    ]) {
      assert.equal(response.statusCode, 200, response.body);
      const body = json(response);
      assert.equal(body.created, true);
      assert.notEqual(body.user._id, account.user._id);
      assert.equal(body.user.Email, '', 'an unproven email is not kept');
    }
    assert.equal((await login(account.email)).statusCode, 200);
    const mine = json(await profile(account.token));
    assert.equal(mine.user.GoogleId, null);
    assert.equal(mine.user.DiscordId, null);
  });

  it('never gives a second Google identity to an account that has one (409)', async () => {
    const email = uniqueEmail();
    const first = await googleSignIn(email, true);
    assert.equal(json(first).created, true);
    const second = await googleSignIn(email, true);
    assert.equal(second.statusCode, 409);
    assert.deepEqual(json(second), { success: false, message: SIGNIN_MESSAGES.googleEmailTaken });
    // The first identity still signs in to its account.
    const again = await googleSignIn(email, true, json(first).user.GoogleId);
    assert.equal(json(again).user._id, json(first).user._id);
  });

  it('lets one account hold a Google and a Discord identity with the same verified email', async () => {
    const email = uniqueEmail();
    const viaGoogle = json(await googleSignIn(email, true));
    const viaDiscord = await discordSignIn(email, true);
    assert.equal(viaDiscord.statusCode, 200);
    assert.equal(json(viaDiscord).user._id, viaGoogle.user._id);
    assert.equal(json(viaDiscord).user.GoogleId, viaGoogle.user.GoogleId);
    assert.notEqual(json(viaDiscord).user.DiscordId, null);
  });

  it('keeps the verified email of a Google account: an email sign-up with it is refused', async () => {
    const email = uniqueEmail();
    assert.equal((await googleSignIn(email, true)).statusCode, 200);
    const response = await post('/user/signup', {
      Email: email,
      Password: PASSWORD,
      ConfirmPassword: PASSWORD,
    });
    assert.equal(response.statusCode, 409);
  });
});
