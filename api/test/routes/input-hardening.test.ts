/**
 * Client mistakes that used to reach PostgreSQL and fail there as a 500: text with NUL or other
 * control characters, lone surrogates (not valid UTF-8), cursors holding dates a timestamp
 * column cannot hold. Each must be a 400 that names the problem.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildTestApp, json, multipart, PASSWORD, signup, uniqueEmail } from '../helpers';

const app = await buildTestApp({ after });

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { 'content-type': 'application/json', ...headers },
    // Serialized here so lone surrogates travel as JSON escapes, as a browser would send them.
    payload: JSON.stringify(payload),
  });

const EMAIL_REFUSED = 'Email contains characters that are not allowed';

describe('control characters and broken text', () => {
  for (const [name, email] of [
    ['NUL', 'nul\u0000@example.com'],
    ['NUL at the end', 'trailing@example.com\u0000'],
    ['a lone surrogate', 'half\uD800@example.com'],
    ['DEL', 'del\u007f@example.com'],
  ] as const) {
    it(`signup, login and forgot-password refuse ${name} in Email with 400`, async () => {
      const signupAnswer = await post('/user/signup', {
        Email: email,
        Password: PASSWORD,
        ConfirmPassword: PASSWORD,
      });
      assert.equal(signupAnswer.statusCode, 400, signupAnswer.body);
      assert.equal(json(signupAnswer).message, EMAIL_REFUSED);
      const login = await post('/user/login', { Email: email, Password: PASSWORD });
      assert.equal(login.statusCode, 400, login.body);
      assert.equal(json(login).message, EMAIL_REFUSED);
      const forgot = await post('/user/forgot-password', { Email: email });
      assert.equal(forgot.statusCode, 400, forgot.body);
      assert.equal(json(forgot).message, EMAIL_REFUSED);
    });
  }

  it('search refuses NUL in the query with 400 and still finds ordinary text', async () => {
    const nul = await app.inject({ method: 'GET', url: '/api/v1/search/search?query=war%00den' });
    assert.equal(nul.statusCode, 400, nul.body);
    assert.equal(json(nul).message, 'query contains characters that are not allowed');
    const ok = await app.inject({ method: 'GET', url: '/api/v1/search/search?query=warden' });
    assert.equal(ok.statusCode, 200);
  });

  it('path params with NUL are refused with 400', async () => {
    const item = await app.inject({ method: 'GET', url: '/api/v1/search/item/1%00' });
    assert.equal(item.statusCode, 400, item.body);
    assert.equal(json(item).message, 'id contains characters that are not allowed');
    const user = await signup(app);
    const history = await app.inject({
      method: 'GET',
      url: `/api/v1/history/history/${user.user._id}%00`,
      headers: user.auth,
    });
    assert.equal(history.statusCode, 400, history.body);
  });

  it('PUT /profile refuses NUL in Bio but keeps line breaks and tabs', async () => {
    const user = await signup(app);
    const put = (fields: Record<string, string>) => {
      const form = multipart(fields);
      return app.inject({
        method: 'PUT',
        url: '/api/v1/profile',
        payload: form.payload,
        headers: { ...user.auth, ...form.headers },
      });
    };
    const nul = await put({ Bio: 'hello\u0000world' });
    assert.equal(nul.statusCode, 400, nul.body);
    assert.equal(json(nul).message, 'Bio contains characters that are not allowed');
    const name = await put({ FullName: 'Nova\u0007' });
    assert.equal(name.statusCode, 400, name.body);
    assert.equal(json(name).message, 'FullName contains characters that are not allowed');
    const multiLine = await put({ Bio: 'line one\r\nline two\tindented' });
    assert.equal(multiLine.statusCode, 200, multiLine.body);
    assert.equal(json(multiLine).user.Bio, 'line one\r\nline two\tindented');
  });

  it('nested payment fields and sign-in tokens are checked too', async () => {
    const user = await signup(app);
    const pay = await post(
      '/card/pay-with-card',
      {
        userId: user.user._id,
        productId: '1',
        paymentDetails: { name: 'Ada\u0000', payment_method_id: 'pm_x' },
      },
      user.auth,
    );
    assert.equal(pay.statusCode, 400, pay.body);
    assert.equal(json(pay).message, 'paymentDetails.name contains characters that are not allowed');
    const google = await post('/user/google', { token: 'abc\uDC00' });
    assert.equal(google.statusCode, 400, google.body);
    assert.equal(json(google).message, 'token contains characters that are not allowed');
  });

  it('an ordinary email with accents elsewhere still signs up', async () => {
    const response = await post('/user/signup', {
      Email: uniqueEmail(),
      Password: PASSWORD,
      ConfirmPassword: PASSWORD,
    });
    assert.equal(response.statusCode, 201, response.body);
  });
});

describe('cursors PostgreSQL cannot store', () => {
  const cursor = (at: string, id: number) =>
    Buffer.from(JSON.stringify([at, id])).toString('base64url');

  for (const at of [
    '+275760-09-13T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
  ]) {
    it(`activity feeds refuse a cursor at ${at} with 400`, async () => {
      const feed = await app.inject({
        method: 'GET',
        url: `/api/v1/activity/getActivity?cursor=${cursor(at, 5)}`,
      });
      assert.equal(feed.statusCode, 400, feed.body);
      assert.equal(json(feed).message, 'The cursor is not valid');
      const user = await signup(app);
      const own = await app.inject({
        method: 'GET',
        url: `/api/v1/activity/${user.user._id}?cursor=${cursor(at, 5)}`,
        headers: user.auth,
      });
      assert.equal(own.statusCode, 400, own.body);
      assert.equal(json(own).message, 'The cursor is not valid');
    });
  }

  it('a cursor from a real page still works', async () => {
    const first = json(
      await app.inject({ method: 'GET', url: '/api/v1/activity/getActivity?limit=2' }),
    );
    const next = await app.inject({
      method: 'GET',
      url: `/api/v1/activity/getActivity?limit=2&cursor=${first.nextCursor}`,
    });
    assert.equal(next.statusCode, 200);
  });

  it('catalogue cursors with huge or negative ids are refused with 400', async () => {
    for (const id of [1e300, -1, 2 ** 63]) {
      const c = Buffer.from(JSON.stringify([id])).toString('base64url');
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/market/getMarket?cursor=${c}`,
      });
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(json(response).message, 'The cursor is not valid');
    }
  });
});
