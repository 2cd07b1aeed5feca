/**
 * Release reports: `POST /releases/reports` (public: the host page reports a remote's release
 * loaded or failed for a visitor) stores one row per visitor and outcome of a release, whatever
 * the repeats, and refuses bad reports with the field's words; `GET /releases/reports` answers
 * each version's visitors, failures and last failure with the release token only (503 without
 * one configured, 401 for none, a wrong one or a user's sign-in token); the site's origin may
 * send reports from the browser (CORS preflight); the reports are rate-limited.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { RELEASE_MESSAGES } from '../../src/lib/errors';
import { REPORT_FIELD_MESSAGES } from '../../src/routes/releases';
import { buildTestApp, json, signup, type TestApp } from '../helpers';

const SITE = 'https://hypertek.test';
const TOKEN = randomBytes(32).toString('hex');
const app = await buildTestApp(
  { after },
  { releaseToken: TOKEN, siteUrl: SITE, corsOrigins: [SITE, 'https://marketplace.hypertek.test'] },
);
// No RELEASE_TOKEN, and a small report limit.
const unconfigured = await buildTestApp(
  { after },
  { releaseToken: null, rateLimit: { reportsMax: 2 } },
);

const URL_ = '/api/v1/releases/reports';
const visitor = () => randomBytes(12).toString('base64url'); // 16 characters of A–Z a–z 0–9 _ -
let versions = 0;
/** A version no other test reports (the figures of each test are its own). */
const newVersion = () => `2.${versions++}.0+${randomBytes(4).toString('hex')}`;

type Report = Record<string, unknown>;
const report = (overrides: Report = {}): Report => ({
  remote: 'checkout',
  version: '1.4.0+3f2a9c1',
  channel: 'canary',
  outcome: 'loaded',
  visitor: visitor(),
  ...overrides,
});
const send = (body: unknown, target: TestApp = app, headers: Record<string, string> = {}) =>
  target.inject({ method: 'POST', url: URL_, payload: body as object, headers });
const summary = (
  query: string,
  headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
  target: TestApp = app,
) => target.inject({ method: 'GET', url: `${URL_}${query}`, headers });

async function stored(version: string) {
  return app.database.rows<{
    remote: string;
    channel: string;
    visitor: string;
    outcome: string;
    stage: string | null;
    message: string | null;
  }>(
    sql`select remote, channel, visitor, outcome, stage, message from release_reports
        where version = ${version} order by id`,
  );
}

interface Figures {
  remote: string;
  version: string;
  visitors: number;
  failures: number;
  failureRate: number;
  lastFailure: { stage: string; message: string | null; at: string } | null;
}

/** The figures of one version, as the operators' call answers them. */
async function figures(remote: string, version: string): Promise<Figures> {
  const response = await summary(`?remote=${remote}&version=${encodeURIComponent(version)}`);
  assert.equal(response.statusCode, 200, response.body);
  const data = json(response).data as Figures[];
  assert.equal(data.length, 1, response.body);
  return data[0]!;
}

describe('POST /releases/reports', () => {
  it('accepts a report (202) and stores it, the failure message trimmed', async () => {
    const version = newVersion();
    const who = visitor();
    const response = await send(
      report({
        version,
        visitor: who,
        outcome: 'failed',
        stage: 'render',
        message: '  TypeError: x is undefined\n    at Page  ',
      }),
    );
    assert.equal(response.statusCode, 202);
    assert.deepEqual(json(response), { success: true });
    assert.deepEqual(await stored(version), [
      {
        remote: 'checkout',
        channel: 'canary',
        visitor: who,
        outcome: 'failed',
        stage: 'render',
        message: 'TypeError: x is undefined\n    at Page',
      },
    ]);
  });

  it("accepts an integrity refusal: the release's code refused for its bytes", async () => {
    const version = newVersion();
    const who = visitor();
    const message = "checkout's static/js/pay.1.js was refused: its bytes differ from its digest";
    const response = await send(
      report({ version, visitor: who, outcome: 'failed', stage: 'integrity', message }),
    );
    assert.equal(response.statusCode, 202, response.body);
    assert.deepEqual(await stored(version), [
      {
        remote: 'checkout',
        channel: 'canary',
        visitor: who,
        outcome: 'failed',
        stage: 'integrity',
        message,
      },
    ]);
  });

  it("cleans the browser's message rather than refusing the report", async () => {
    const version = newVersion();
    // Control characters (NUL, escape) become spaces; half of an emoji cut at 300 code units
    // becomes U+FFFD; line breaks and tabs stay.
    const message = `Error:\u0000boom \u001b[31mred\u001b[0m\n\tat x ${'🙂'.slice(0, 1)}`;
    const response = await send(report({ version, outcome: 'failed', stage: 'render', message }));
    assert.equal(response.statusCode, 202, response.body);
    const [row] = await stored(version);
    assert.equal(row?.message, 'Error: boom  [31mred [0m\n\tat x \uFFFD');
  });

  it('keeps neither stage nor message of a load, and no empty message', async () => {
    const version = newVersion();
    const loaded = await send(report({ version, stage: 'load', message: 'ignored' }));
    assert.equal(loaded.statusCode, 202);
    const blank = await send(report({ version, outcome: 'failed', stage: 'load', message: '  ' }));
    assert.equal(blank.statusCode, 202);
    const rows = await stored(version);
    assert.deepEqual(
      rows.map(({ outcome, stage, message }) => ({ outcome, stage, message })),
      [
        { outcome: 'loaded', stage: null, message: null },
        { outcome: 'failed', stage: 'load', message: null },
      ],
    );
  });

  it('accepts a repeated report (202) and counts the visitor once per outcome', async () => {
    const version = newVersion();
    const who = visitor();
    const loaded = report({ version, visitor: who, channel: 'live' });
    const failed = report({ version, visitor: who, outcome: 'failed', stage: 'load' });
    for (const body of [loaded, loaded, failed, failed, { ...failed, stage: 'render' }]) {
      const response = await send(body);
      assert.equal(response.statusCode, 202, response.body);
      assert.deepEqual(json(response), { success: true });
    }
    // Sent together, the same report is still stored once.
    const racing = report({ version, visitor: visitor() });
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(racing)));
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      Array(8).fill(202),
    );
    const rows = await stored(version);
    assert.equal(rows.length, 3);
    assert.deepEqual(
      rows.filter((row) => row.visitor === who).map(({ outcome, stage }) => ({ outcome, stage })),
      [
        { outcome: 'loaded', stage: null },
        { outcome: 'failed', stage: 'load' },
      ],
    );
    const entry = await figures('checkout', version);
    assert.equal(entry.visitors, 2);
    assert.equal(entry.failures, 1);
    assert.equal(entry.failureRate, 0.5);
    assert.equal(entry.lastFailure?.stage, 'load');
  });

  it("the database knows a remote by its name's form, not a list: a new remote's report fits, a malformed name does not", async () => {
    const version = newVersion();
    const insert = (remote: string) =>
      app.database.db.execute(
        sql`insert into release_reports (remote, version, channel, visitor, outcome)
            values (${remote}, ${version}, 'canary', ${visitor()}, 'loaded')`,
      );
    // A remote `npm run new-remote` adds to the release words needs no migration.
    await insert('rewards-hub');
    for (const malformed of ['Checkout', 'rewards hub', '-shop', 'shop-', 'x'.repeat(41)])
      await assert.rejects(
        insert(malformed),
        (error: Error & { cause?: { constraint?: string; message?: string } }) =>
          /release_reports_remote_check/.test(
            `${error.cause?.constraint ?? ''} ${error.cause?.message ?? ''}`,
          ),
        malformed,
      );
    assert.deepEqual(
      (await stored(version)).map((row) => row.remote),
      ['rewards-hub'],
    );
  });

  it('refuses a bad report with 400 and the field in words, storing nothing', async () => {
    const version = newVersion();
    const cases: [unknown, string][] = [
      [report({ version, remote: 'shop' }), REPORT_FIELD_MESSAGES.remote],
      [report({ version, remote: 'Checkout' }), REPORT_FIELD_MESSAGES.remote],
      [report({ version: '1.4' }), REPORT_FIELD_MESSAGES.version],
      [report({ version: 'v1.4.0' }), REPORT_FIELD_MESSAGES.version],
      [report({ version: '1.4.0+' }), REPORT_FIELD_MESSAGES.version],
      [report({ version: '1.4.0 ' }), REPORT_FIELD_MESSAGES.version],
      [report({ version: `1.4.0-${'a'.repeat(95)}` }), REPORT_FIELD_MESSAGES.version],
      [report({ version: 140 }), REPORT_FIELD_MESSAGES.version],
      [report({ version, channel: 'beta' }), REPORT_FIELD_MESSAGES.channel],
      [report({ version, outcome: 'crashed' }), REPORT_FIELD_MESSAGES.outcome],
      [report({ version, outcome: 'failed' }), RELEASE_MESSAGES.stageRequired],
      [report({ version, outcome: 'failed', stage: 'boot' }), REPORT_FIELD_MESSAGES.stage],
      [report({ version, visitor: 'short' }), REPORT_FIELD_MESSAGES.visitor],
      [report({ version, visitor: 'a'.repeat(65) }), REPORT_FIELD_MESSAGES.visitor],
      [report({ version, visitor: 'abcdefghijklmnop!' }), REPORT_FIELD_MESSAGES.visitor],
      [report({ version, visitor: 1234567890123456 }), REPORT_FIELD_MESSAGES.visitor],
      [
        report({ version, outcome: 'failed', stage: 'load', message: 'x'.repeat(301) }),
        REPORT_FIELD_MESSAGES.message,
      ],
      [report({ version, remote: undefined }), 'remote is required'],
      [report({ version, visitor: undefined }), 'visitor is required'],
      [{ ...report({ version }), userId: 'x' }, 'Body has an unknown field: userId'],
      [[report({ version })], 'remote is required'],
    ];
    for (const [body, message] of cases) {
      const response = await send(body);
      assert.equal(response.statusCode, 400, `${JSON.stringify(body)} → ${response.body}`);
      assert.deepEqual(json(response), { success: false, message }, JSON.stringify(body));
    }
    assert.deepEqual(await stored(version), []);
  });

  it('refuses at once a long version that fails at its end (no exponential backtracking)', async () => {
    const started = performance.now();
    const response = await send(report({ version: `1.0.0${'-a'.repeat(47)}!` }));
    assert.equal(response.statusCode, 400);
    assert.equal(json(response).message, REPORT_FIELD_MESSAGES.version);
    assert.ok(performance.now() - started < 1_000, 'answered within a second');
    // The versions the release tool makes are all accepted.
    for (const version of [
      '1.4.0',
      '1.4.0-rc.1',
      '1.4.0+3f2a9c1',
      '1.4.0+3f2a9c1.dirty.5e0c7a1b',
    ]) {
      assert.equal((await send(report({ version }))).statusCode, 202, version);
    }
  });

  it('lets the site send it from the browser: CORS preflight and answer for its origin', async () => {
    for (const origin of [SITE, 'https://marketplace.hypertek.test']) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: URL_,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], origin);
      assert.match(String(preflight.headers['access-control-allow-methods']), /\bPOST\b/);
      assert.match(String(preflight.headers['access-control-allow-headers']), /content-type/i);
    }
    const response = await send(report({ version: newVersion() }), app, {
      origin: SITE,
      'content-type': 'application/json',
    });
    assert.equal(response.statusCode, 202);
    assert.equal(response.headers['access-control-allow-origin'], SITE);
    // Another origin is not allowed.
    const stranger = await app.inject({
      method: 'OPTIONS',
      url: URL_,
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    assert.equal(stranger.headers['access-control-allow-origin'], undefined);
  });

  it('is rate-limited per client (RATE_LIMIT_REPORTS_MAX)', async () => {
    const body = report({ version: newVersion() });
    assert.equal((await send(body, unconfigured)).statusCode, 202);
    assert.equal((await send(body, unconfigured)).statusCode, 202);
    const limited = await send(body, unconfigured);
    assert.equal(limited.statusCode, 429);
    assert.equal(json(limited).success, false);
    assert.match(json(limited).message, /^Too many attempts/);
  });
});

describe('GET /releases/reports', () => {
  it('answers 503 while RELEASE_TOKEN is not configured, whatever the token', async () => {
    const tries: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}` }];
    for (const headers of tries) {
      const response = await summary('?remote=checkout', headers, unconfigured);
      assert.equal(response.statusCode, 503);
      assert.deepEqual(json(response), {
        success: false,
        message: 'The release endpoint is not configured: set RELEASE_TOKEN.',
      });
    }
  });

  it("answers 401 without the release token, with a wrong one and with a user's sign-in token", async () => {
    const user = await signup(app);
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`ops:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
      user.auth,
    ];
    for (const headers of refused) {
      // Also before the query is looked at: nothing is said about it without the token.
      for (const query of ['?remote=checkout', '?remote=nope', '']) {
        const response = await summary(query, headers);
        assert.equal(response.statusCode, 401, `${JSON.stringify(headers)} ${query}`);
        assert.deepEqual(json(response), {
          success: false,
          message: RELEASE_MESSAGES.releaseTokenRequired,
        });
      }
    }
    // The user's token still works where it belongs.
    const profile = await app.inject({
      method: 'GET',
      url: '/api/v1/getProfile',
      headers: user.auth,
    });
    assert.equal(profile.statusCode, 200);
  });

  it("answers each version's visitors, failures, failure rate and last failure", async () => {
    const version = newVersion();
    const [a, b, c] = [visitor(), visitor(), visitor()];
    for (const who of [a, b, c]) {
      assert.equal(
        (await send(report({ remote: 'marketing', version, visitor: who }))).statusCode,
        202,
      );
    }
    const failure = (who: string, stage: string, message: string) =>
      send(
        report({ remote: 'marketing', version, visitor: who, outcome: 'failed', stage, message }),
      );
    assert.equal(
      (await failure(a, 'load', 'ChunkLoadError: Loading chunk 7 failed.')).statusCode,
      202,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal((await failure(b, 'render', 'TypeError: price is undefined')).statusCode, 202);
    // A visitor who only failed (its code never loaded) counts among the visitors too.
    const onlyFailed = visitor();
    const other = newVersion();
    assert.equal(
      (
        await send(
          report({
            remote: 'marketing',
            version: other,
            visitor: onlyFailed,
            outcome: 'failed',
            stage: 'load',
          }),
        )
      ).statusCode,
      202,
    );

    const entry = await figures('marketing', version);
    assert.equal(entry.remote, 'marketing');
    assert.equal(entry.version, version);
    assert.equal(entry.visitors, 3);
    assert.equal(entry.failures, 2);
    assert.equal(entry.failureRate, 2 / 3);
    const last = entry.lastFailure;
    assert.ok(last !== null);
    assert.equal(last.stage, 'render');
    assert.equal(last.message, 'TypeError: price is undefined');
    assert.ok(Math.abs(Date.parse(last.at) - Date.now()) < 60_000, last.at);
    assert.match(last.at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(Object.keys(entry).sort(), [
      'failureRate',
      'failures',
      'lastFailure',
      'remote',
      'version',
      'visitors',
    ]);

    // Every version of the remote, newest first (by its first report).
    const response = await summary('?remote=marketing');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-store');
    const body = json(response);
    assert.equal(body.success, true);
    const listed = body.data.map((v: { version: string }) => v.version);
    assert.ok(listed.indexOf(other) < listed.indexOf(version), listed.join(', '));
    const only = body.data.find((v: { version: string }) => v.version === other);
    assert.deepEqual(
      { visitors: only.visitors, failures: only.failures, failureRate: only.failureRate },
      { visitors: 1, failures: 1, failureRate: 1 },
    );
    // A version without failures has none to show.
    const clean = newVersion();
    await send(report({ remote: 'account', version: clean }));
    const quiet = await figures('account', clean);
    assert.deepEqual(
      { ...quiet },
      {
        remote: 'account',
        version: clean,
        visitors: 1,
        failures: 0,
        failureRate: 0,
        lastFailure: null,
      },
    );
  });

  it('answers an empty list for a remote or version without reports, 400 for a bad query', async () => {
    const none = await summary(`?remote=marketplace&version=${encodeURIComponent(newVersion())}`);
    assert.equal(none.statusCode, 200);
    assert.deepEqual(json(none), { success: true, data: [] });
    for (const [query, message] of [
      ['', 'remote is required'],
      ['?remote=shop', REPORT_FIELD_MESSAGES.remote],
    ] as const) {
      const response = await summary(query);
      assert.equal(response.statusCode, 400, query);
      assert.equal(json(response).success, false);
      assert.equal(json(response).message, message, query);
    }
    const badVersion = await summary('?remote=checkout&version=latest');
    assert.equal(badVersion.statusCode, 400);
    assert.match(json(badVersion).message, /^version /);
  });
});
