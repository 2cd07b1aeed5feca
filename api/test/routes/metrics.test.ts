/**
 * `GET /metrics`: Prometheus's text of the app's own registry (and the process's default
 * metrics): requests by method, route template and status (never the address as sent; `/metrics`
 * itself left out), their durations, card payment outcomes after real sandbox payments, release
 * reports by version (a repeated report counted once); each app counts its own; with
 * METRICS_TOKEN the scraper's bearer token is required (401 otherwise).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { HOUSE_USER_ID } from '../../src/db/schema';
import { API_MESSAGES } from '../../src/lib/errors';
import { buildTestApp, json, signup, type TestApp } from '../helpers';
import {
  CARDS,
  confirmSandboxIntent,
  createIntent,
  payBySandboxCard,
  payForItem,
  readIntent,
} from '../payments-helpers';

const app = await buildTestApp({ after }, { metricsToken: null });
const METRICS_TOKEN = randomBytes(32).toString('hex');
const guarded = await buildTestApp({ after }, { metricsToken: METRICS_TOKEN });

async function scrape(target: TestApp = app, headers: Record<string, string> = {}) {
  const response = await target.inject({ method: 'GET', url: '/metrics', headers });
  assert.equal(response.statusCode, 200, response.body);
  return response;
}

/** The value of one series (its labels in any order), or undefined when it is not there. */
function value(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    const wanted = Object.entries(labels);
    if (
      wanted.length === Object.keys(found).length &&
      wanted.every(([key, v]) => found[key] === v)
    ) {
      return Number(match[3]);
    }
  }
  return undefined;
}

const houseItems = (
  await app.database.rows<{ id: number | string }>(
    sql`select id from items where owner_id = ${HOUSE_USER_ID} and id between 10 and 59 order by id`,
  )
).map((row) => Number(row.id));
const nextItem = () => {
  const itemId = houseItems.shift();
  if (itemId === undefined) throw new Error('no house item left');
  return itemId;
};

describe('GET /metrics', () => {
  it("serves Prometheus's text: requests by route template and status, never by address", async () => {
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/search/item/${i + 1}` });
      assert.equal(response.statusCode, 200);
    }
    assert.equal(
      (await app.inject({ method: 'GET', url: '/api/v1/search/item/99999999' })).statusCode,
      404,
    );
    for (const url of ['/api/v1/nowhere/1', '/api/v1/nowhere/2', '/not-here']) {
      assert.equal((await app.inject({ method: 'GET', url })).statusCode, 404);
    }
    await scrape();
    const response = await scrape();
    assert.equal(response.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'no-store');
    const text = response.body;
    const route = '/api/v1/search/item/:id';
    const requests = 'hypertek_api_http_requests_total';
    assert.equal(value(text, requests, { method: 'GET', route, status: '200' }), 3);
    assert.equal(value(text, requests, { method: 'GET', route, status: '404' }), 1);
    assert.equal(value(text, requests, { method: 'GET', route: 'unmatched', status: '404' }), 3);
    const durations = 'hypertek_api_http_request_duration_seconds';
    assert.equal(value(text, `${durations}_count`, { method: 'GET', route }), 4);
    assert.equal(value(text, `${durations}_bucket`, { method: 'GET', route, le: '+Inf' }), 4);
    assert.ok(
      value(text, `${durations}_bucket`, { method: 'GET', route, le: '0.001' }) !== undefined,
    );
    assert.ok(value(text, `${durations}_bucket`, { method: 'GET', route, le: '5' }) !== undefined);
    // No address as sent, and the scrapes themselves are not counted.
    assert.doesNotMatch(text, /search\/item\/\d/);
    assert.doesNotMatch(text, /nowhere|not-here/);
    assert.doesNotMatch(text, /route="\/metrics"/);
    // The process's default metrics, under the API's prefix.
    assert.match(text, /^hypertek_api_process_cpu_user_seconds_total \d/m);
    assert.match(text, /^hypertek_api_nodejs_eventloop_lag_seconds \d/m);
    assert.match(text, /^# TYPE hypertek_api_http_requests_total counter$/m);
    assert.match(text, /^# TYPE hypertek_api_http_request_duration_seconds histogram$/m);
  });

  it('counts release reports by version, each visitor once per outcome', async () => {
    const version = `3.1.0+${randomBytes(4).toString('hex')}`;
    const visitor = randomBytes(12).toString('base64url');
    const send = (body: object) =>
      app.inject({ method: 'POST', url: '/api/v1/releases/reports', payload: body });
    const loaded = { remote: 'checkout', version, channel: 'canary', outcome: 'loaded', visitor };
    const failed = { ...loaded, outcome: 'failed', stage: 'render', message: 'boom' };
    for (const body of [loaded, loaded, failed, failed, loaded]) {
      assert.equal((await send(body)).statusCode, 202);
    }
    assert.equal(
      (await send({ ...loaded, visitor: randomBytes(12).toString('base64url') })).statusCode,
      202,
    );
    assert.equal((await send({ ...failed, stage: undefined })).statusCode, 400);
    const text = (await scrape()).body;
    const reports = 'hypertek_remote_reports_total';
    const labels = { remote: 'checkout', version, channel: 'canary' };
    assert.equal(value(text, reports, { ...labels, outcome: 'loaded', stage: 'none' }), 2);
    assert.equal(value(text, reports, { ...labels, outcome: 'failed', stage: 'render' }), 1);
    // A release whose code the browser refused (its bytes differ from the recorded digests).
    const tampered = { ...labels, version: `${version}.t` };
    const refused = { ...failed, ...tampered, stage: 'integrity', visitor };
    assert.equal((await send(refused)).statusCode, 202);
    assert.equal(
      value((await scrape()).body, reports, { ...tampered, outcome: 'failed', stage: 'integrity' }),
      1,
    );
    const route = '/api/v1/releases/reports';
    assert.equal(
      value(text, 'hypertek_api_http_requests_total', { method: 'POST', route, status: '202' }),
      6,
    );
  });

  it('counts card payment outcomes: succeeded, declined (once), refused', async () => {
    const payments = 'hypertek_payments_total';
    const before = (await scrape()).body;
    for (const outcome of ['succeeded', 'declined', 'refused', 'unavailable']) {
      assert.equal(value(before, payments, { outcome }), 0, outcome);
    }
    const user = await signup(app);
    // The card form: a declined card, then a good one for the same item.
    const itemId = nextItem();
    const declined = await payBySandboxCard(app, user, itemId, CARDS.declined);
    assert.equal(declined.statusCode, 402);
    const paid = await payBySandboxCard(app, user, itemId, CARDS.visa);
    assert.equal(paid.statusCode, 200, paid.body);
    // A payment method the provider does not know: the provider refuses the request.
    const refused = await payForItem(app, user, nextItem(), 'pm_sandbox_unknown');
    assert.equal(refused.statusCode, 400, refused.body);
    // The embedded element: a decline the browser reports, read again (not counted twice),
    // then a success.
    const embeddedItem = nextItem();
    const intent = json(await createIntent(app, user, embeddedItem));
    const confirm = (card: string) => confirmSandboxIntent(app, intent, card);
    assert.equal((await confirm(CARDS.declined)).statusCode, 402);
    assert.equal((await readIntent(app, user, intent.paymentIntentId)).statusCode, 200);
    assert.equal((await confirm(CARDS.visa)).statusCode, 200);
    assert.equal((await readIntent(app, user, intent.paymentIntentId)).statusCode, 200);

    const text = (await scrape()).body;
    assert.equal(value(text, payments, { outcome: 'succeeded' }), 2);
    assert.equal(value(text, payments, { outcome: 'declined' }), 2);
    assert.equal(value(text, payments, { outcome: 'refused' }), 1);
    assert.equal(value(text, payments, { outcome: 'unavailable' }), 0);
  });

  it("counts each app's own requests (one registry per app)", async () => {
    const text = (await scrape(guarded, { authorization: `Bearer ${METRICS_TOKEN}` })).body;
    const route = '/api/v1/search/item/:id';
    assert.equal(
      value(text, 'hypertek_api_http_requests_total', { method: 'GET', route, status: '200' }),
      undefined,
    );
    assert.equal(value(text, 'hypertek_payments_total', { outcome: 'succeeded' }), 0);
  });

  it('asks for the bearer token when METRICS_TOKEN is set (401 otherwise)', async () => {
    const user = await signup(guarded);
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: `Bearer ${METRICS_TOKEN}0` },
      { authorization: METRICS_TOKEN },
      user.auth,
    ]) {
      const response = await guarded.inject({ method: 'GET', url: '/metrics', headers });
      assert.equal(response.statusCode, 401, JSON.stringify(headers));
      assert.deepEqual(json(response), {
        success: false,
        message: API_MESSAGES.metricsTokenRequired,
      });
    }
    const response = await scrape(guarded, { authorization: `Bearer ${METRICS_TOKEN}` });
    // Refused scrapes are not counted either.
    assert.doesNotMatch(response.body, /route="\/metrics"/);
  });

  it('is served to anyone without METRICS_TOKEN, and stays out of the OpenAPI document', async () => {
    await scrape(app);
    const doc = app.swagger() as { paths: Record<string, unknown> };
    assert.equal(doc.paths['/metrics'], undefined);
  });
});
