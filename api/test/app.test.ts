import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { MESSAGES } from '@hypertek/shared/contract';
import { SignJWT } from 'jose';
import { loadConfig } from '../src/config/env';
import { API_MESSAGES } from '../src/lib/errors';
import { buildTestApp, json, PASSWORD, signup, uniqueEmail } from './helpers';

const app = await buildTestApp({ after }, { bodyLimit: 4096 });

describe('errors', () => {
  it('answers 404 with the method and path for an unknown route', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/does-not-exist?x=1' });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(json(response), {
      success: false,
      message: 'Route GET /api/v1/does-not-exist not found',
    });
    const post = await app.inject({ method: 'POST', url: '/nowhere', payload: {} });
    assert.equal(post.statusCode, 404);
    assert.equal(json(post).success, false);
  });

  it('answers 400 for malformed JSON, never a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: '{"Email": "a@b.co", ',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(json(response), { success: false, message: API_MESSAGES.malformedJson });
  });

  it('answers 413 for an oversized body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/user/signup',
      payload: {
        Email: uniqueEmail(),
        Password: PASSWORD,
        ConfirmPassword: PASSWORD,
        pad: 'x'.repeat(10_000),
      },
    });
    assert.equal(response.statusCode, 413);
    assert.deepEqual(json(response), { success: false, message: API_MESSAGES.bodyTooLarge });
  });

  it('answers 415 for an unsupported content type', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: 'Email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(response.statusCode, 415);
    assert.equal(json(response).success, false);
  });

  it('answers 400 for a missing JSON body', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/user/login' });
    assert.equal(response.statusCode, 400);
    assert.equal(json(response).message, MESSAGES.invalidEmail);
  });
});

describe('bearer tokens', () => {
  const profile = (token: string) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/getProfile',
      headers: { authorization: `Bearer ${token}` },
    });
  const claims = (sub: string, overrides: { iss?: string; aud?: string; exp?: number } = {}) =>
    new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer(overrides.iss ?? app.config.jwt.issuer)
      .setAudience(overrides.aud ?? app.config.jwt.audience)
      .setIssuedAt()
      .setExpirationTime(overrides.exp ?? Math.floor(Date.now() / 1000) + 60);

  it('accepts a token the API issued', async () => {
    const user = await signup(app);
    assert.equal((await profile(user.token)).statusCode, 200);
  });

  it('refuses an expired token with 401', async () => {
    const user = await signup(app);
    const expired = await claims(user.user._id, { exp: Math.floor(Date.now() / 1000) - 10 }).sign(
      app.config.jwt.secret,
    );
    const response = await profile(expired);
    assert.equal(response.statusCode, 401);
    assert.deepEqual(json(response), { success: false, message: API_MESSAGES.tokenInvalid });
  });

  it('refuses a tampered token with 401', async () => {
    const alice = await signup(app);
    const bob = await signup(app);
    const [header, , signature] = alice.token.split('.');
    const payload = Buffer.from(
      JSON.stringify({
        sub: bob.user._id,
        ver: 0,
        iss: app.config.jwt.issuer,
        aud: app.config.jwt.audience,
        iat: 1,
        exp: 9_999_999_999,
      }),
    ).toString('base64url');
    assert.equal((await profile(`${header}.${payload}.${signature}`)).statusCode, 401);
    assert.equal((await profile(`${alice.token}x`)).statusCode, 401);
    assert.equal((await profile('not.a.token')).statusCode, 401);
  });

  it("refuses alg 'none', another secret, issuer or audience", async () => {
    const user = await signup(app);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: user.user._id, ver: 0, iss: app.config.jwt.issuer, aud: app.config.jwt.audience, exp: 9_999_999_999, iat: 1 })).toString('base64url')}.`;
    assert.equal((await profile(none)).statusCode, 401);
    const otherSecret = await claims(user.user._id).sign(new TextEncoder().encode('x'.repeat(32)));
    assert.equal((await profile(otherSecret)).statusCode, 401);
    const otherIssuer = await claims(user.user._id, { iss: 'someone-else' }).sign(
      app.config.jwt.secret,
    );
    assert.equal((await profile(otherIssuer)).statusCode, 401);
    const otherAudience = await claims(user.user._id, { aud: 'another-site' }).sign(
      app.config.jwt.secret,
    );
    assert.equal((await profile(otherAudience)).statusCode, 401);
  });

  it('refuses a well-signed token for a user that does not exist', async () => {
    // A random id: the all-zero one is the house's ('Hyper Tek Vault'), which exists.
    const ghost = await claims(randomUUID()).sign(app.config.jwt.secret);
    assert.equal((await profile(ghost)).statusCode, 401);
  });
});

describe('headers', () => {
  it('sends security headers on every response', async () => {
    for (const url of ['/api/v1/market/getMarket', '/api/v1/nope', '/healthz']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
      assert.ok(response.headers['content-security-policy'], url);
      assert.ok(response.headers['strict-transport-security'], url);
      assert.equal(response.headers['x-frame-options'], 'DENY', url);
    }
  });

  it("allows the site's configured origins only", async () => {
    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/user/login',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    assert.equal(allowed.headers['access-control-allow-origin'], 'http://localhost:3000');
    const other = await app.inject({
      method: 'GET',
      url: '/api/v1/market/getMarket',
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(other.headers['access-control-allow-origin'], undefined);
  });
});

describe('health and docs', () => {
  it('answers /healthz and /readyz', async () => {
    assert.deepEqual(json(await app.inject({ method: 'GET', url: '/healthz' })), { status: 'ok' });
    assert.deepEqual(json(await app.inject({ method: 'GET', url: '/readyz' })), {
      status: 'ready',
    });
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    assert.equal(response.statusCode, 200);
    const doc = json(response);
    assert.match(doc.openapi, /^3\./);
    for (const path of [
      '/api/v1/user/signup',
      '/api/v1/user/login',
      '/api/v1/user/forgot-password',
      '/api/v1/user/reset-password/{token}',
      '/api/v1/market/getMarket',
      '/api/v1/land/getland',
      '/api/v1/land/getLand',
      '/api/v1/activity/getActivity',
      '/api/v1/activity/{userId}',
      '/api/v1/search/search',
      '/api/v1/search/item/{id}',
      '/api/v1/game/create',
      '/api/v1/history/history/{userId}',
      '/api/v1/getProfile',
      '/api/v1/profile',
    ]) {
      assert.ok(doc.paths[path], path);
    }
    assert.ok(doc.paths['/api/v1/user/signup'].post.responses['201']);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message after too many sign-in attempts', async (t) => {
    const limited = await buildTestApp(t, {
      rateLimit: { authMax: 3, windowMs: 60_000, namespace: 'unused', sandboxMax: 30 },
    });
    const attempt = () =>
      limited.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { Email: uniqueEmail(), Password: PASSWORD },
      });
    for (let i = 0; i < 3; i++) assert.equal((await attempt()).statusCode, 401);
    const blocked = await attempt();
    assert.equal(blocked.statusCode, 429);
    assert.equal(json(blocked).success, false);
    assert.match(json(blocked).message, /^Too many attempts\. Please try again in /);
    assert.ok(blocked.headers['retry-after']);
    // Other calls are not limited.
    assert.equal(
      (await limited.inject({ method: 'GET', url: '/api/v1/market/getMarket' })).statusCode,
      200,
    );
  });

  it('counts clients behind the trusted proxy apart, and ignores X-Forwarded-For from anyone else', async (t) => {
    const proxy = '172.29.53.2';
    const limited = await buildTestApp(t, {
      rateLimit: { authMax: 2, windowMs: 60_000, namespace: 'unused', sandboxMax: 30 },
      trustProxy: loadConfig({ TRUST_PROXY: proxy }).trustProxy,
    });
    const attempt = (remoteAddress: string, forwardedFor: string) =>
      limited
        .inject({
          method: 'POST',
          url: '/api/v1/user/login',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { Email: uniqueEmail(), Password: PASSWORD },
        })
        .then((r) => r.statusCode);
    // Through the proxy: two visitors, two budgets.
    const first = [await attempt(proxy, '203.0.113.7'), await attempt(proxy, '203.0.113.7')];
    const other = await attempt(proxy, '198.51.100.9');
    const firstAgain = await attempt(proxy, '203.0.113.7');
    assert.deepEqual([...first, other, firstAgain], [401, 401, 401, 429]);
    // A peer that is not the proxy: its forged header names a fresh address each time, yet it is
    // counted as itself.
    const direct = [];
    for (const forged of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
      direct.push(await attempt('172.29.60.5', forged));
    assert.deepEqual(direct, [401, 401, 429]);
  });
});
