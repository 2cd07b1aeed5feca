/**
 * What a caller reads when the request's shape is wrong: sentences, never a schema validator's
 * text, never the request's own address echoed back.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildTestApp, json, signup } from '../helpers';

const app = await buildTestApp({ after });
const user = await signup(app);

const get = (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}` });
const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('validation messages', () => {
  for (const [url, message] of [
    ['/market/getMarket?limit=0', 'limit must be a whole number from 1 to 100'],
    ['/market/getMarket?limit=1000', 'limit must be a whole number from 1 to 100'],
    ['/market/getMarket?limit=abc', 'limit must be a whole number from 1 to 100'],
    [`/activity/getActivity?cursor=${'a'.repeat(201)}`, 'cursor must be at most 200 characters'],
    [`/market/getMarket?cursor=${'a'.repeat(1001)}`, 'cursor must be at most 1000 characters'],
  ] as const) {
    it(`GET ${url.slice(0, 40)} → "${message}"`, async () => {
      const response = await get(url);
      assert.equal(response.statusCode, 400);
      assert.equal(json(response).message, message);
    });
  }

  it('a number where text belongs: "userId must be text"', async () => {
    const response = await post(
      '/game/create',
      JSON.stringify({ userId: 5, productId: '1' }),
      user.auth,
    );
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(json(response).message, 'userId must be text');
  });

  it('a union field names every kind it accepts; numbers are "a number"', async () => {
    const intent = (body: object) =>
      post('/payment/create-payment-intent', JSON.stringify(body), user.auth);
    const union = await intent({ userId: user.user._id, productId: true, amount: 5 });
    assert.equal(union.statusCode, 400, union.body);
    assert.equal(json(union).message, 'productId must be text or a whole number of at least 0');
    const amount = await intent({ userId: user.user._id, productId: '1', amount: 'x' });
    assert.equal(amount.statusCode, 400, amount.body);
    assert.equal(json(amount).message, 'amount must be a number');
  });

  it('a body with a __proto__ key is a 400 that says why', async () => {
    const response = await post(
      '/user/forgot-password',
      '{"__proto__": {"admin": true}, "Email": "ada@example.com"}',
    );
    assert.equal(response.statusCode, 400);
    assert.equal(
      json(response).message,
      'The request has a field name that is not allowed (__proto__, constructor)',
    );
  });
});

describe('addresses', () => {
  it('a path parameter that is too long is a 414 that does not repeat the address', async () => {
    const response = await get(`/history/history/${'x'.repeat(300)}secret-marker`);
    assert.equal(response.statusCode, 414);
    assert.deepEqual(json(response), { success: false, message: 'The address is too long' });
    assert.doesNotMatch(response.body, /secret-marker|xxxx/);
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
  });

  it('an address that does not decode is a 400 that does not repeat it', async () => {
    const response = await get('/search/item/%E0%A4%A');
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(json(response).message, 'The address is not valid');
  });
});
