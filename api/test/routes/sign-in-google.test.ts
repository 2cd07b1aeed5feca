import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MESSAGES } from '@hypertek/shared/contract';
import { SIGNIN_MESSAGES } from '../../src/lib/errors';
import { assertRefusal, buildTestApp, json, uniqueEmail, type TestApp } from '../helpers';
import {
  appWithProvidersDown,
  assertOneAccount,
  DISCORD_CLIENT,
  GOOGLE_CLIENT_ID,
  IdentityProviderServer,
  providerConfig,
  startProvidersAndApp,
} from '../support/identity-provider-server';

const { providers: google, app } = await startProvidersAndApp();

let people = 0;
const person = (
  overrides: Partial<{ email: string; email_verified: boolean; name: string }> = {},
) => ({
  sub: `10${Date.now()}${people++}`,
  email: uniqueEmail(),
  email_verified: true,
  name: 'Ada Lovelace',
  ...overrides,
});

const post = (payload: object, target: TestApp = app) =>
  target.inject({ method: 'POST', url: '/api/v1/user/google', payload });
const signIn = (token: unknown, target: TestApp = app) => post({ token }, target);

describe('POST /user/google', () => {
  it('creates an account on the first sign-in and signs into the same one afterwards', async () => {
    const account = person();
    const first = await signIn(google.googleToken({ aud: GOOGLE_CLIENT_ID, account }));
    assert.equal(first.statusCode, 200);
    const body = json(first);
    assert.equal(body.success, true);
    assert.equal(body.message, MESSAGES.googleSuccess);
    assert.equal(body.created, true);
    assert.equal(body.user.GoogleId, account.sub);
    assert.equal(body.user.Email, account.email);
    assert.equal(body.user.FullName, 'Ada Lovelace');
    assert.equal(body.user.Password, false);
    assert.equal(typeof body.token, 'string');

    const again = await signIn(google.googleToken({ aud: GOOGLE_CLIENT_ID, account }));
    assert.equal(again.statusCode, 200);
    assert.equal(json(again).created, false);
    assert.equal(json(again).user._id, body.user._id);

    const profile = await app.inject({
      method: 'GET',
      url: '/api/v1/getProfile',
      headers: { authorization: `Bearer ${json(again).token}` },
    });
    assert.equal(profile.statusCode, 200);
    assert.equal(json(profile).user.GoogleId, account.sub);
    assert.equal(json(profile).user.Password, false);
  });

  it('asks Google with the token: token-info by query, user-info with a bearer header', async () => {
    const token = google.googleToken({ aud: GOOGLE_CLIENT_ID, account: person() });
    const before = google.requests.length;
    assert.equal((await signIn(token)).statusCode, 200);
    const calls = google.requests.slice(before);
    assert.deepEqual(
      calls.map((c) => c.path),
      ['/tokeninfo', '/v1/userinfo'],
    );
    assert.equal(calls[0]?.query.get('access_token'), token);
    assert.equal(calls[1]?.headers.authorization, `Bearer ${token}`);
  });

  it('accepts a token whose authorized party (azp) is our client', async () => {
    const token = google.googleToken({
      aud: 'some-other-audience',
      azp: GOOGLE_CLIENT_ID,
      account: person(),
    });
    assert.equal((await signIn(token)).statusCode, 200);
  });

  it('refuses a token issued to another site (wrong audience)', async () => {
    const token = google.googleToken({
      aud: 'another-site.apps.googleusercontent.com',
      account: person(),
    });
    const response = await signIn(token);
    assertRefusal(response, 401, SIGNIN_MESSAGES.googleWrongAudience);
  });

  it('refuses an expired token', async () => {
    const token = google.googleToken({ aud: GOOGLE_CLIENT_ID, expiresIn: 0, account: person() });
    const response = await signIn(token);
    assertRefusal(response, 401, SIGNIN_MESSAGES.googleTokenInvalid);
  });

  it('refuses a token Google does not know', async () => {
    const response = await signIn('ya29.made-up');
    assert.equal(response.statusCode, 401);
    assert.equal(json(response).message, SIGNIN_MESSAGES.googleTokenInvalid);
  });

  it('refuses a missing or empty token with a message (400)', async () => {
    for (const payload of [{}, { token: '' }, { token: 42 }]) {
      assertRefusal(
        await post(payload),
        400,
        SIGNIN_MESSAGES.googleTokenRequired,
        JSON.stringify(payload),
      );
    }
  });

  it('answers 502 with a clear message when Google answers 500', async (t) => {
    google.failFor(t, 500);
    const response = await signIn(google.googleToken({ aud: GOOGLE_CLIENT_ID, account: person() }));
    assertRefusal(response, 502, SIGNIN_MESSAGES.googleUnreachable);
  });

  it('answers 502 when Google answers 200 with something other than JSON', async (t) => {
    google.answerHtml = true;
    t.after(() => {
      google.answerHtml = false;
    });
    const response = await signIn(google.googleToken({ aud: GOOGLE_CLIENT_ID, account: person() }));
    assert.equal(response.statusCode, 502);
    assert.equal(json(response).message, SIGNIN_MESSAGES.googleUnreachable);
  });

  it('keeps one account when the first two sign-ins of a person arrive together', async () => {
    const account = person();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        signIn(google.googleToken({ aud: GOOGLE_CLIENT_ID, account })),
      ),
    );
    assertOneAccount(answers);
  });
});

describe('POST /user/google when Google cannot be reached', () => {
  it('answers 502 with a clear message when nothing listens (never a 500)', async (t) => {
    const down = await appWithProvidersDown(t);
    const response = await signIn('ya29.anything', down);
    assertRefusal(response, 502, SIGNIN_MESSAGES.googleUnreachable);
  });

  it('answers 502 when Google does not answer within the time limit', async (t) => {
    const slow = await IdentityProviderServer.start(DISCORD_CLIENT);
    slow.hang = true;
    t.after(() => slow.close());
    const hanging = await buildTestApp(t, {
      ...providerConfig(slow.origin, 300),
      seedOnStart: false,
    });
    const started = Date.now();
    const response = await signIn('ya29.anything', hanging);
    assert.equal(response.statusCode, 502);
    assert.equal(json(response).message, SIGNIN_MESSAGES.googleUnreachable);
    assert.ok(Date.now() - started < 3_000, 'gave up after the time limit');
  });

  it('answers 503 when GOOGLE_CLIENT_ID is not set', async (t) => {
    const plain = await buildTestApp(t, {
      seedOnStart: false,
      google: { ...providerConfig(google.origin).google, clientId: null },
    });
    const response = await signIn('ya29.anything', plain);
    assertRefusal(response, 503, SIGNIN_MESSAGES.googleNotConfigured);
  });
});
