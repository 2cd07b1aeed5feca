/**
 * The console's reads (issue 29, the console): `GET /releases/field` and `GET /releases/judgement`
 * take a signed-in staff member of any role, for every remote, as well as the release token.
 * A signed-in account with no staff role gets 403 with the reason, no sign-in 401; a staff
 * sign-in still reads when no release token is configured.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { REMOTE_NAMES, type STAFF_ROLES } from '@hypertek/shared/release-words';
import { RELEASE_MESSAGES, STAFF_MESSAGES } from '../../src/lib/errors';
import { buildTestApp, json, signup, type TestApp } from '../helpers';

const TOKEN = randomBytes(32).toString('hex');
const app = await buildTestApp({ after }, { releaseToken: TOKEN });
const unconfigured = await buildTestApp({ after });

async function member(role: (typeof STAFF_ROLES)[number] | null, target: TestApp = app) {
  const user = await signup(target);
  if (role !== null) await target.releaseTokensRepository.grantStaffRole(user.user._id, role);
  return user.auth;
}

const reads = (remote: string) => [
  `/api/v1/releases/field?remote=${remote}`,
  `/api/v1/releases/judgement?remote=${remote}&canary=1.1.0&live=1.0.0&percent=10`,
];

void describe("the console's reads: field data and the judge's verdict", () => {
  it('answer a staff member of any role, for every remote', async () => {
    for (const role of ['marketing', 'payments', 'admin'] as const) {
      const auth = await member(role);
      for (const remote of REMOTE_NAMES) {
        for (const url of reads(remote)) {
          const response = await app.inject({ url, headers: auth });
          assert.equal(response.statusCode, 200, `${role} ${url}: ${response.body}`);
          assert.equal(json(response).success, true);
          assert.equal(response.headers['cache-control'], 'no-store');
        }
      }
    }
  });

  it('refuse a signed-in account with no staff role (403, with the reason)', async () => {
    const auth = await member(null);
    for (const url of reads('marketing')) {
      const response = await app.inject({ url, headers: auth });
      assert.equal(response.statusCode, 403, url);
      assert.deepEqual(json(response), {
        success: false,
        message: STAFF_MESSAGES.staffOnlyFigures,
      });
    }
  });

  it('refuse no sign-in and a wrong bearer (401); the release token still reads', async () => {
    for (const url of reads('checkout')) {
      for (const headers of [{}, { authorization: 'Bearer nope' }]) {
        const response = await app.inject({ url, headers });
        assert.equal(response.statusCode, 401, url);
        assert.equal(json(response).message, RELEASE_MESSAGES.releaseTokenRequired);
      }
      const withToken = await app.inject({ url, headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(withToken.statusCode, 200, url);
    }
  });

  it('bad input from staff is a 400, never a 500', async () => {
    const auth = await member('marketing');
    for (const url of [
      '/api/v1/releases/field?remote=nope',
      '/api/v1/releases/field',
      '/api/v1/releases/judgement?remote=marketing&canary=x&live=1.0.0&percent=10',
      '/api/v1/releases/judgement?remote=marketing&canary=1.0.0&live=1.0.0&percent=10',
      '/api/v1/releases/judgement?remote=marketing&canary=1.1.0&live=1.0.0&percent=100',
    ]) {
      const response = await app.inject({ url, headers: auth });
      assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
    }
  });

  it('read for staff when no release token is configured (503 for anyone else)', async () => {
    const staff = await member('payments', unconfigured);
    const pilot = await member(null, unconfigured);
    const [url = ''] = reads('checkout');
    assert.equal((await unconfigured.inject({ url, headers: staff })).statusCode, 200);
    assert.equal((await unconfigured.inject({ url, headers: pilot })).statusCode, 403);
    const none = await unconfigured.inject({ url });
    assert.equal(none.statusCode, 503);
    assert.equal(json(none).message, RELEASE_MESSAGES.releaseNotConfigured);
  });
});
