/**
 * A getMarket answer as a caller sees it, pinned: every header with its value (the date aside),
 * the same bytes and headers from the database and from the cache, HEAD, CORS for an allowed and
 * a foreign origin. And the request log of public reads: a successful read writes its two lines
 * at debug level only; a refused one is logged at info with its request id, like any other route.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import { buildTestApp, json, signup } from '../helpers';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

const lines: LogLine[] = [];
const app = await buildTestApp(
  { after },
  { logLevel: 'info' },
  { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
);

const MARKET = '/api/v1/market/getMarket';
const SITE = 'http://localhost:3000';

/**
 * The headers a getMarket page answers with, but the date (and the length, checked apart).
 * Written out rather than taken from SECURITY_HEADERS: a change to that constant must fail here.
 */
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

const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

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

describe('the request log', () => {
  it('writes no line for a successful public read at info level', async () => {
    const response = await get({ 'x-request-id': 'read-ok-info' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(linesOf('read-ok-info'), []);
  });

  it('makes no request logger for it either (one is made when a line is written)', async (t) => {
    // Counts the children made of the app's logger (pino's children inherit this method).
    let children = 0;
    const child = Reflect.get<FastifyBaseLogger, 'child'>(app.log, 'child');
    app.log.child = function (this: FastifyBaseLogger, ...args: Parameters<typeof child>) {
      if (this === app.log) children++;
      return child.apply(this, args);
    };
    t.after(() => (app.log.child = child));
    await get();
    await get();
    assert.equal(children, 0);
    await app.inject({ method: 'GET', url: `${MARKET}?limit=0` });
    assert.equal(children, 1);
  });

  it('writes both request lines of a public read at debug level', async (t) => {
    app.log.level = 'debug';
    t.after(() => (app.log.level = 'info'));
    await get({ 'x-request-id': 'read-ok-debug' });
    const written = linesOf('read-ok-debug');
    assert.deepEqual(
      written.map((line) => [line.level, line.msg]),
      [
        [20, 'incoming request'],
        [20, 'request completed'],
      ],
    );
    assert.equal(written[0]?.req?.url, MARKET);
    assert.equal(written[1]?.res?.statusCode, 200);
  });

  it('logs a refused public read at info, with its request id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${MARKET}?limit=0`,
      headers: { 'x-request-id': 'read-refused' },
    });
    assert.equal(response.statusCode, 400);
    const completed = linesOf('read-refused').find((line) => line.msg === 'request completed');
    assert.equal(completed?.level, 30);
    assert.equal(completed.res?.statusCode, 400);
  });

  it('logs other routes as before: both lines at info', async () => {
    await signup(app);
    const signups = lines.filter((line) => line.req?.url === '/api/v1/user/signup');
    assert.equal(signups.length, 1);
    const reqId = signups[0]?.reqId;
    assert.ok(reqId !== undefined);
    assert.deepEqual(
      linesOf(reqId).map((line) => [line.level, line.msg, line.res?.statusCode]),
      [
        [30, 'incoming request', undefined],
        [30, 'request completed', 201],
      ],
    );
  });
});
