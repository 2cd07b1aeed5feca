/**
 * PUT /profile reads a multipart form: a broken or oversized form is the caller's mistake (4xx
 * with words a person can read), and a caller without a valid token is refused before the form
 * is read at all.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildTestApp, json, signup } from '../helpers';

const app = await buildTestApp({ after }, { avatarMaxBytes: 16 * 1024 });
const user = await signup(app);

const TYPE = 'multipart/form-data; boundary=XX';
const put = (payload: string | Buffer, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/profile',
    payload,
    headers: { 'content-type': TYPE, ...headers },
  });

const part = (name: string, value: string) =>
  `--XX\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string) =>
  `--XX\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\nab\r\n`;

const BROKEN: [string, string][] = [
  ['cut off in a field', '--XX\r\nContent-Disposition: form-data; name="Bio"\r\n\r\nhel'],
  ['no boundary at all', 'garbage'],
  ['cut off in part headers', '--XX\r\nContent-Disposition: form-da'],
];

describe('PUT /profile with a broken form', () => {
  for (const [name, payload] of BROKEN) {
    it(`${name}: 401 without a token, 400 with one`, async () => {
      const anonymous = await put(payload);
      assert.equal(anonymous.statusCode, 401, anonymous.body);
      assert.equal(json(anonymous).message, 'User not authenticated.');
      const signedIn = await put(payload, user.auth);
      assert.equal(signedIn.statusCode, 400, signedIn.body);
      assert.match(json(signedIn).message, /^The form data is (malformed or )?incomplete/);
    });
  }

  it('a form without a boundary in its content type is a 400', async () => {
    const response = await put('x', { ...user.auth, 'content-type': 'multipart/form-data' });
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(json(response).message, 'The form data is malformed or incomplete');
  });

  it('two files: "Only one file can be uploaded"', async () => {
    const response = await put(`${filePart('Avatar')}${filePart('Other')}--XX--\r\n`, user.auth);
    assert.equal(response.statusCode, 413, response.body);
    assert.equal(json(response).message, 'Only one file can be uploaded');
  });

  it('too many fields is said in words', async () => {
    const fields = Array.from({ length: 20 }, (_, i) => part(`F${i}`, 'x')).join('');
    const response = await put(`${fields}--XX--\r\n`, user.auth);
    assert.equal(response.statusCode, 413, response.body);
    assert.equal(json(response).message, 'The form has too many fields');
  });

  it('a whole form larger than the avatar limit plus room for fields is refused by its length', async () => {
    const big = `${part('Bio', 'x'.repeat(100 * 1024))}--XX--\r\n`;
    const anonymous = await put(big);
    assert.equal(anonymous.statusCode, 401);
    const response = await put(big, user.auth);
    assert.equal(response.statusCode, 413, response.body);
    assert.equal(json(response).message, 'The form is too large: at most 0.1 MB in all');
  });

  it('an ordinary form still saves', async () => {
    const response = await put(`${part('Bio', 'Racing since 2117')}--XX--\r\n`, user.auth);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(json(response).user.Bio, 'Racing since 2117');
  });
});
