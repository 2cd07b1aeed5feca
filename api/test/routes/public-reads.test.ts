/**
 * A getMarket answer as a caller sees it, pinned: every header with its value (the date aside),
 * the same bytes and headers from the database and from the cache, HEAD, CORS for an allowed and
 * a foreign origin.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, json } from '../helpers';

const app = await buildTestApp({ after });

const MARKET = '/api/v1/market/getMarket';
const SITE = 'http://localhost:3000';

/** The headers a getMarket page answers with, but the date (and the length, checked apart). */
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  vary: 'Origin',
  'content-type': 'application/json; charset=utf-8',
  connection: 'keep-alive',
};

/** Every header of an answer but the date, the length checked against the bytes received. */
function headersOf(response: LightMyRequestResponse, bodyLength = response.rawPayload.length) {
  const { date, 'content-length': length, ...rest } = response.headers;
  assert.match(String(date), /GMT$/);
  assert.equal(length, String(bodyLength));
  return rest;
}

const get = (headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: MARKET, headers });

describe('a getMarket answer', () => {
  // First in the file: the first call reads the database, the next ones the cache.
  it('is the same bytes and headers from the database and from the cache', async () => {
    const first = await get();
    const second = await get();
    assert.equal(first.statusCode, 200);
    assert.equal(second.statusCode, 200);
    assert.ok(first.rawPayload.length > 1000);
    assert.deepEqual(second.rawPayload, first.rawPayload);
    assert.deepEqual(headersOf(second), headersOf(first));
    assert.equal(json(second).data.length, 20);
  });

  it('carries every security header, with its value, and nothing unexpected', async () => {
    const response = await get();
    assert.deepEqual(headersOf(response), PAGE_HEADERS);
  });

  it('allows the site by CORS and no other origin', async () => {
    const site = await get({ origin: SITE });
    assert.deepEqual(headersOf(site), {
      ...PAGE_HEADERS,
      'access-control-allow-origin': SITE,
    });
    const foreign = await get({ origin: 'https://evil.example' });
    assert.deepEqual(headersOf(foreign), PAGE_HEADERS);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const page = await get();
    const head = await app.inject({ method: 'HEAD', url: MARKET });
    assert.equal(head.statusCode, 200);
    assert.equal(head.rawPayload.length, 0);
    assert.deepEqual(headersOf(head, page.rawPayload.length), PAGE_HEADERS);
  });

  it('still refuses a bad query, and an empty one still gets the first page', async () => {
    const refused = await app.inject({ method: 'GET', url: `${MARKET}?limit=abc` });
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(json(refused), {
      success: false,
      message: 'limit must be a whole number from 1 to 100',
    });
    assert.equal((await app.inject({ method: 'GET', url: `${MARKET}?` })).statusCode, 200);
  });
});
