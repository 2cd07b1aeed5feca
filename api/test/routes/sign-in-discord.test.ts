import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discordWelcome } from '@hypertek/shared/contract';
import { SIGNIN_MESSAGES } from '../../src/lib/errors';
import { assertRefusal, buildTestApp, json, uniqueEmail, type TestApp } from '../helpers';
import {
  appWithProvidersDown,
  assertOneAccount,
  DISCORD_CLIENT,
  providerConfig,
  startProvidersAndApp,
  type DiscordUser,
} from '../support/identity-provider-server';

const { providers: discord, app } = await startProvidersAndApp();

let people = 0;
const discordUser = (overrides: Partial<DiscordUser> = {}): DiscordUser => ({
  id: `80${Date.now()}${people++}`,
  username: 'nova_2117',
  global_name: 'Nova Prime',
  email: uniqueEmail(),
  verified: true,
  ...overrides,
});

const post = (payload: object, target: TestApp = app) =>
  target.inject({ method: 'POST', url: '/api/v1/user/discord', payload });
const signIn = (code: unknown, target: TestApp = app) => post({ code }, target);

describe('POST /user/discord', () => {
  it('creates an account on the first sign-in and signs into the same one afterwards', async () => {
    const user = discordUser();
    const first = await signIn(discord.discordCode(user));
    assert.equal(first.statusCode, 200);
    const body = json(first);
    assert.equal(body.success, true);
    assert.equal(body.message, discordWelcome('Nova Prime'));
    assert.equal(body.created, true);
    assert.equal(body.user.DiscordId, user.id);
    assert.equal(body.user.FullName, 'Nova Prime');
    assert.equal(body.user.Email, user.email);
    assert.equal(body.user.Password, false);
    assert.equal(typeof body.token, 'string');

    const again = await signIn(discord.discordCode(user));
    assert.equal(again.statusCode, 200);
    assert.equal(json(again).created, false);
    assert.equal(json(again).user._id, body.user._id);
    assert.equal(json(again).message, discordWelcome('Nova Prime'));
  });

  it('exchanges the code form-encoded with the client id, secret and redirect, then reads @me', async () => {
    const code = discord.discordCode(discordUser());
    const before = discord.requests.length;
    assert.equal((await signIn(code)).statusCode, 200);
    const [exchange, me] = discord.requests.slice(before);
    assert.equal(exchange?.path, '/api/oauth2/token');
    assert.equal(exchange.method, 'POST');
    assert.match(exchange.headers['content-type'] ?? '', /^application\/x-www-form-urlencoded/);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(exchange.body)), {
      client_id: DISCORD_CLIENT.clientId,
      client_secret: DISCORD_CLIENT.clientSecret,
      grant_type: 'authorization_code',
      code,
      redirect_uri: DISCORD_CLIENT.redirectUri,
    });
    assert.equal(me?.path, '/api/v10/users/@me');
    assert.match(me.headers.authorization ?? '', /^Bearer discord-access-/);
  });

  it('names the account after the username when there is no display name', async () => {
    const response = await signIn(discord.discordCode(discordUser({ global_name: null })));
    assert.equal(response.statusCode, 200);
    // The site's full-name rule (letters and spaces) applies to the stored name.
    assert.equal(json(response).user.FullName, 'nova');
    assert.equal(json(response).message, discordWelcome('nova'));
  });

  it('refuses a code Discord does not know', async () => {
    const response = await signIn('not-a-real-code');
    assertRefusal(response, 401, SIGNIN_MESSAGES.discordCodeInvalid);
  });

  it('refuses a code used twice', async () => {
    const code = discord.discordCode(discordUser());
    assert.equal((await signIn(code)).statusCode, 200);
    const reused = await signIn(code);
    assertRefusal(reused, 401, SIGNIN_MESSAGES.discordCodeInvalid);
  });

  it('refuses a missing or empty code with a message (400)', async () => {
    for (const payload of [{}, { code: '' }, { code: ['x'] }]) {
      assertRefusal(
        await post(payload),
        400,
        SIGNIN_MESSAGES.discordCodeRequired,
        JSON.stringify(payload),
      );
    }
  });

  it('answers 502 with a clear message when Discord answers 500', async (t) => {
    discord.failFor(t, 500);
    const response = await signIn(discord.discordCode(discordUser()));
    assertRefusal(response, 502, SIGNIN_MESSAGES.discordUnreachable);
  });

  it('answers 502 when Discord is rate limiting us (429)', async (t) => {
    discord.failFor(t, 429);
    const response = await signIn(discord.discordCode(discordUser()));
    assert.equal(response.statusCode, 502);
    assert.equal(json(response).message, SIGNIN_MESSAGES.discordUnreachable);
  });

  it('keeps one account when the first sign-ins of a person arrive together', async () => {
    const user = discordUser();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => signIn(discord.discordCode(user))),
    );
    assertOneAccount(answers);
  });
});

describe('POST /user/discord when Discord cannot be reached or is not set up', () => {
  it('answers 502 with a clear message when nothing listens (never a 500)', async (t) => {
    const down = await appWithProvidersDown(t);
    const response = await signIn('any-code', down);
    assertRefusal(response, 502, SIGNIN_MESSAGES.discordUnreachable);
  });

  it('answers 503 when the client secret is not set', async (t) => {
    const plain = await buildTestApp(t, {
      seedOnStart: false,
      discord: { ...providerConfig(discord.origin).discord, clientSecret: null },
    });
    const response = await signIn('any-code', plain);
    assertRefusal(response, 503, SIGNIN_MESSAGES.discordNotConfigured);
  });
});
