// Which release a visitor gets, on a real host server: a sticky canary share, a preview link for
// one browser with its banner and way out, the release endpoint (the release token; any other
// bearer refused while the API cannot judge it), the canary guard's automatic rollback, and the
// metrics that show it; the registry in PostgreSQL when one is given (RELEASES_TEST_DATABASE_URL,
// CI's Node 26 step).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  checkoutFigures,
  fakeBuild as fakeBuildIn,
  runScript,
  startHostAndCheckout,
} from '../testing/release-fixtures.js';
import { canary, preview, promote, publish, status } from './actions.js';
import { startCanaryGuard } from './canary-guard.js';
import { createLiveView, openRegistry, readRegistry } from './registry.js';
import { canaryBucket } from './routing.js';
import type { ReleasePick } from './routing.js';
import type { ReleaseStatus } from '@hypertek/shared/contract/release-status';
import type { RuntimeConfig } from '../runtime-config.js';
import { bearerMatches, previewToken, readPreviewToken, releaseSecrets } from './secrets.js';

const work = mkdtempSync(join(tmpdir(), 'hypertek-routing-'));
after(() => rmSync(work, { recursive: true, force: true }));
const dir = join(work, 'releases');

const fakeBuild = (text: string) => fakeBuildIn(work, text);

/** A host build: its page, and the facts the gate reads (the React it provides, its routes). */
function fakeHost(react = '19.3.1') {
  const root = mkdtempSync(join(work, 'host-'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><title>Hyper Tek</title></head><body class="app"><div id="root"></div></body></html>',
  );
  mkdirSync(join(root, 'prerender'));
  writeFileSync(
    join(root, 'prerender/frames.json'),
    JSON.stringify({
      routes: {},
      patterns: [{ pattern: '^/payment$', remote: 'checkout', module: 'payment' }],
    }),
  );
  writeFileSync(
    join(root, 'release-host.json'),
    JSON.stringify({ shared: { react, '@hypertek/shared': '1.0.0' } }),
  );
  return root;
}

/** What the host's /config.json says: the runtime config with this visitor's releases. */
type ServedConfig = RuntimeConfig & { releases?: Record<string, ReleasePick> };

const TOKEN = 'release-token-for-tests-0123456789';
const KEY = 'signing-key-for-tests-0123456789';
const env = {
  PUBLIC_API_URL: 'http://127.0.0.1:9/api/v1',
  SITE_URL: 'https://hypertek.example.test/',
  RELEASES_DIR: dir,
  RELEASE_TOKEN: TOKEN,
  RELEASE_SIGNING_KEY: KEY,
  SERVE_PRECOMPRESS: '0',
};
const LIVE = '1.0.0+aaaaaaa';
const CANDIDATE = '1.1.0+bbbbbbb';

void describe('which release a visitor gets', () => {
  let servers: Awaited<ReturnType<typeof startHostAndCheckout>> | undefined;
  let hostUrl: string;
  before(async () => {
    for (const [version, text] of [
      [LIVE, 'live'],
      [CANDIDATE, 'candidate'],
    ] as const)
      await publish({
        dir,
        remote: 'checkout',
        actor: 'pay-team',
        buildDir: fakeBuild(text),
        version,
      });
    await promote({ dir, remote: 'checkout', version: LIVE, actor: 'pay-team' });
    servers = await startHostAndCheckout({
      hostRoot: fakeHost(),
      checkoutRoot: fakeBuild('in place'),
      env,
      hostEnv: { METRICS_TOKEN: 'metrics-token' },
    });
    ({ hostUrl } = servers);
  });
  after(() => servers?.close());

  /** A new visitor (no cookie) or a returning one: the checkout release of their config. */
  async function configOf(cookie?: string) {
    const response = await fetch(`${hostUrl}/config.json`, { headers: cookie ? { cookie } : {} });
    const body = (await response.json()) as ServedConfig;
    const visitor = /ht_visitor=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    return { body, visitor, vary: response.headers.get('vary') };
  }
  const versionIn = (body: ServedConfig) =>
    /releases\/([^/]+)\/mf-manifest\.json$/.exec(body.remotes.checkout ?? '')?.[1];
  async function until<T>(check: () => T | Promise<T>, ms = 3_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await check();
      if (value || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  void test('a 50% canary splits new visitors, and each keeps their side on every reload', async () => {
    await canary({ dir, remote: 'checkout', version: CANDIDATE, percent: 50, actor: 'pay-team' });
    await until(async () => versionIn((await configOf()).body) === CANDIDATE || null, 5_000);
    const sides: Record<string, number> = { [LIVE]: 0, [CANDIDATE]: 0 };
    for (let i = 0; i < 60; i++) {
      const first = await configOf();
      assert.ok(first.visitor, 'a new visitor gets an id');
      assert.equal(first.vary, 'Cookie');
      const version = versionIn(first.body) ?? '';
      sides[version] = (sides[version] ?? 0) + 1;
      assert.equal(
        first.body.releases?.checkout?.channel,
        version === CANDIDATE ? 'canary' : 'live',
      );
      for (let reload = 0; reload < 2; reload++) {
        const again = await configOf(`ht_visitor=${first.visitor}`);
        assert.equal(again.visitor, undefined, 'a returning visitor keeps their id');
        assert.equal(versionIn(again.body), version, 'the same side on reload');
      }
      assert.equal(canaryBucket(first.visitor, 'checkout', CANDIDATE) < 50, version === CANDIDATE);
    }
    // 60 visitors at 50%: both sides well represented (a 1-in-a-billion chance to fall outside).
    assert.ok(sides[CANDIDATE]! >= 12 && sides[LIVE]! >= 12, JSON.stringify(sides));
    // The page itself names the same release as its config (drawn and taken over by one release).
    const visitor = (await configOf()).visitor ?? '';
    const page = await (
      await fetch(`${hostUrl}/`, { headers: { cookie: `ht_visitor=${visitor}` } })
    ).text();
    const inline = JSON.parse(
      /<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(page)![1]!,
    ) as ServedConfig;
    assert.equal(
      inline.remotes.checkout,
      (await configOf(`ht_visitor=${visitor}`)).body.remotes.checkout,
    );
  });

  void test('a preview link shows the candidate to one browser, with a banner and a way out', async () => {
    const { link } = await preview({
      dir,
      remote: 'checkout',
      version: CANDIDATE,
      minutes: 30,
      actor: 'pay-team',
      signingKey: KEY,
      siteUrl: env.SITE_URL,
    });
    const url = new URL(link);
    assert.equal(url.origin, 'https://hypertek.example.test');
    const opened = await fetch(`${hostUrl}/market-place${url.search}`, { redirect: 'manual' });
    assert.equal(opened.status, 303);
    assert.equal(opened.headers.get('location'), '/market-place');
    const setCookie = opened.headers.get('set-cookie') ?? '';
    assert.match(
      setCookie,
      /^ht_preview=[^;]+; Path=\/; Max-Age=(17\d\d|1800); SameSite=Lax; HttpOnly; Secure$/,
    );
    const pass = /^ht_preview=([^;]+)/.exec(setCookie)![1]!;

    // A visitor on the live side sees the candidate with the pass, and the banner.
    let visitor: string;
    do visitor = (await configOf()).visitor ?? '';
    while (canaryBucket(visitor, 'checkout', CANDIDATE) < 50);
    const cookie = `ht_visitor=${visitor}; ht_preview=${pass}`;
    const page = await (await fetch(`${hostUrl}/market-place`, { headers: { cookie } })).text();
    assert.match(page, /<body class="app"><style nonce="[^"]+">#release-preview/);
    assert.match(page, /Previewing <strong>checkout<\/strong> 1\.1\.0\+bbbbbbb/);
    assert.match(page, /<a href="\?release-preview=off">Leave preview<\/a>/);
    const previewed = (await configOf(cookie)).body;
    assert.deepEqual(previewed.releases?.checkout, { version: CANDIDATE, channel: 'preview' });
    // The same visitor without the pass: the live release, no banner.
    const plain = await (
      await fetch(`${hostUrl}/market-place`, { headers: { cookie: `ht_visitor=${visitor}` } })
    ).text();
    assert.doesNotMatch(plain, /release-preview/);
    assert.equal(versionIn((await configOf(`ht_visitor=${visitor}`)).body), LIVE);

    // The way out clears the pass.
    const left = await fetch(`${hostUrl}/market-place?release-preview=off`, {
      redirect: 'manual',
      headers: { cookie },
    });
    assert.equal(left.status, 303);
    assert.match(left.headers.get('set-cookie') ?? '', /^ht_preview=; Path=\/; Max-Age=0/);
  });

  void test('a forged or expired pass is refused and cleared', async () => {
    const expired = previewToken(KEY, {
      remote: 'checkout',
      version: CANDIDATE,
      expires: Date.now() - 1,
    });
    const forged = previewToken('another key', {
      remote: 'checkout',
      version: CANDIDATE,
      expires: Date.now() + 60_000,
    });
    assert.equal(readPreviewToken(KEY, expired), null);
    assert.equal(readPreviewToken(KEY, forged), null);
    assert.equal(readPreviewToken(KEY, `${forged}.x`), null);
    for (const pass of [expired, forged]) {
      const opened = await fetch(`${hostUrl}/?release-preview=${pass}`, { redirect: 'manual' });
      assert.match(opened.headers.get('set-cookie') ?? '', /^ht_preview=; Path=\/; Max-Age=0/);
      const response = await fetch(`${hostUrl}/`, {
        headers: { cookie: `ht_visitor=AAAAAAAAAAAAAAAAAAAAAA; ht_preview=${pass}` },
      });
      assert.doesNotMatch(await response.text(), /Previewing/);
      assert.match(response.headers.get('set-cookie') ?? '', /ht_preview=; Path=\/; Max-Age=0/);
    }
  });

  void test('the release endpoint needs the release token and refuses what does not fit the host', async () => {
    const call = (
      path: string,
      {
        token,
        body,
        method = body ? 'POST' : 'GET',
      }: { token?: string; body?: object; method?: string } = {},
    ) =>
      fetch(`${hostUrl}/_release/${path}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          'Content-Type': 'application/json',
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    const refused = await call('status');
    assert.equal(refused.status, 401);
    assert.match(
      ((await refused.json()) as { message: string }).message,
      /needs the release token/,
    );
    // Any other bearer (a sign-in token, a scoped token, a wrong one) is the API's to judge; it
    // is not running here, so nothing is allowed (endpoint.test.ts has the API's answers).
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    for (const [token, path, body] of [
      [jwt, 'status', undefined],
      ['wrong', 'promote', { remote: 'checkout', version: CANDIDATE }],
    ] as const) {
      const unchecked = await call(path, { token, body });
      assert.equal(unchecked.status, 503);
      assert.match(
        ((await unchecked.json()) as { message: string }).message,
        /cannot check this token now: the API is not reachable/,
      );
    }

    const state = await call('status', { token: TOKEN });
    assert.equal(state.status, 200);
    const checkout = ((await state.json()) as ReleaseStatus).remotes.find(
      (r) => r.remote === 'checkout',
    )!;
    assert.equal(checkout.live, LIVE);
    assert.ok(
      (checkout.versions as { error?: string }).error,
      'the API is not there: said, not hidden',
    );

    assert.equal((await call('promote', { token: TOKEN, method: 'GET' })).status, 405);
    assert.equal((await call('nothing', { token: TOKEN })).status, 404);
    const missing = await call('promote', { token: TOKEN, body: { remote: 'checkout' } });
    assert.equal(missing.status, 400);
    assert.equal(((await missing.json()) as { message: string }).message, 'version is required');
    const unknown = await call('promote', {
      token: TOKEN,
      body: { remote: 'checkout', version: '9.9.9' },
    });
    assert.equal(unknown.status, 409);
    assert.match(
      ((await unknown.json()) as { message: string }).message,
      /checkout has no release 9\.9\.9/,
    );
    await publish({
      dir,
      remote: 'checkout',
      actor: 'pay-team',
      buildDir: fakeBuildIn(work, 'react 18', { react: '18.3.1' }),
      version: '1.2.0+react18',
    });
    const misfit = await call('canary', {
      token: TOKEN,
      body: { remote: 'checkout', version: '1.2.0+react18', percent: 10, actor: 'ci' },
    });
    assert.equal(misfit.status, 409);
    assert.match(
      ((await misfit.json()) as { message: string }).message,
      /react: the release needs \^18\.3\.1, the live host provides 19\.3\.1/,
    );
  });

  void test('the canary guard rolls a failing canary back, and the registry says why', async () => {
    const registry = openRegistry({ dir, databaseUrl: '' });
    const live = createLiveView(registry, { checkMs: 0 });
    await live.refresh();
    assert.equal(live.current().remotes.checkout?.canary?.version, CANDIDATE);
    let figures = [checkoutFigures(CANDIDATE, 4, 4)];
    const lines: string[] = [];
    const stop = startCanaryGuard({
      live,
      dir,
      registry,
      stats: () => Promise.resolve(figures),
      intervalMs: 50,
      log: (line) => lines.push(line),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.ok(readRegistry(dir).remotes.checkout?.canary, 'below the minimum of visitors: kept');
      figures = [checkoutFigures(CANDIDATE, 10, 2)];
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.ok(readRegistry(dir).remotes.checkout?.canary, 'at the threshold (20%): kept');
      figures = [checkoutFigures(CANDIDATE, 10, 3)];
      assert.ok(await until(() => !readRegistry(dir).remotes.checkout?.canary));
    } finally {
      stop();
    }
    const last = readRegistry(dir).history.at(-1)!;
    assert.deepEqual(
      [last.action, last.actor, last.remote, last.from, last.to],
      ['canary-rollback', 'canary guard', 'checkout', CANDIDATE, LIVE],
    );
    assert.equal(last.reason, 'failure rate 30% (3 of 10 visitors) passed the threshold of 20%');
    assert.deepEqual(lines, [`canary guard: checkout ${CANDIDATE} rolled back: ${last.reason}`]);
    // Every visitor is back on the live release within seconds.
    assert.ok(await until(async () => versionIn((await configOf()).body) === LIVE || null));
    const { history } = await status({ dir, history: 100 });
    assert.deepEqual(
      history.map((c) => [c.action, c.actor]),
      [
        ['publish', 'pay-team'],
        ['publish', 'pay-team'],
        ['promote', 'pay-team'],
        ['canary', 'pay-team'],
        ['preview', 'pay-team'],
        ['publish', 'pay-team'],
        ['canary-rollback', 'canary guard'],
      ],
    );
  });

  void test("the host's metrics show the releases served by channel, behind METRICS_TOKEN", async () => {
    assert.equal((await fetch(`${hostUrl}/metrics`)).status, 401);
    const response = await fetch(`${hostUrl}/metrics`, {
      headers: { Authorization: 'Bearer metrics-token' },
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    assert.match(
      text,
      /hypertek_release_live_info\{remote="checkout",version="1\.0\.0\+aaaaaaa",channel="live",percent="100",app="host"\} 1/,
    );
    const served = (channel: string, version: string) =>
      Number(
        new RegExp(
          `hypertek_release_documents_total\\{remote="checkout",version="${version.replace(/[.+]/g, '\\$&')}",channel="${channel}",app="host"\\} (\\d+)`,
        ).exec(text)?.[1] ?? 0,
      );
    assert.ok(served('canary', CANDIDATE) >= 12 && served('live', LIVE) >= 12);
    assert.ok(served('preview', CANDIDATE) >= 2);
    assert.match(
      text,
      /hypertek_web_http_requests_total\{kind="config",status="200",app="host"\} \d+/,
    );
    assert.match(
      text,
      /hypertek_web_http_requests_total\{kind="release-endpoint",status="401",app="host"\} 1\n/,
    );
    assert.match(
      text,
      /hypertek_web_http_requests_total\{kind="release-endpoint",status="503",app="host"\} 2\n/,
    );
  });
});

void describe('the secrets of the release workflow', () => {
  void test('made once per releases folder, private to its owner, unless the environment sets them', async () => {
    const folder = join(work, 'secrets');
    const first = releaseSecrets({ RELEASES_DIR: folder });
    assert.equal(first.token.length, 43);
    assert.deepEqual(releaseSecrets({ RELEASES_DIR: folder }), first);
    const { statSync } = await import('node:fs');
    assert.equal(statSync(join(folder, '.secrets.json')).mode & 0o777, 0o600);
    assert.deepEqual(
      releaseSecrets({ RELEASES_DIR: folder, RELEASE_TOKEN: 't', RELEASE_SIGNING_KEY: 'k' }),
      {
        token: 't',
        signingKey: 'k',
      },
    );
  });

  void test('the release token in an Authorization header: the scheme in any case, as the API reads it', () => {
    for (const header of ['Bearer s3cret', 'bearer s3cret', 'BEARER  s3cret'])
      assert.equal(bearerMatches(header, 's3cret'), true, header);
    for (const header of [
      'Bearer s3cre',
      'Bearer s3cret x',
      'Basic s3cret',
      's3cret',
      '',
      undefined,
    ])
      assert.equal(bearerMatches(header, 's3cret'), false, String(header));
    assert.equal(bearerMatches('Bearer s3cret', ''), false, 'no token configured');
  });
});

const databaseUrl = process.env.RELEASES_TEST_DATABASE_URL;
void describe(
  'the registry in PostgreSQL',
  { skip: databaseUrl ? false : 'RELEASES_TEST_DATABASE_URL is not set' },
  () => {
    const schema = `release_test_${process.pid}`;
    let url: string;
    before(async () => {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const withSchema = new URL(databaseUrl ?? '');
      withSchema.searchParams.set('options', `-c search_path=${schema}`);
      url = withSchema.href;
    });
    after(async () => {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    });

    void test('two processes changing it at once: every change kept, one revision each, in order', async () => {
      const script = `
      import { openRegistry } from ${JSON.stringify(new URL('./registry.ts', import.meta.url).href)};
      const registry = openRegistry({ databaseUrl: process.argv[1] });
      for (let i = 0; i < 40; i++)
        await registry.update(process.argv[2], () => ({ action: 'note', remote: 'checkout', from: null, to: null }));
      await registry.close();
    `;
      const run = (actor: string) => runScript(script, [url, actor]);
      for (const { code, stderr } of await Promise.all([run('a'), run('b')]))
        assert.equal(code, 0, stderr);
      const registry = openRegistry({ databaseUrl: url });
      try {
        const read = await registry.read();
        assert.equal(read.revision, 80);
        assert.deepEqual(
          read.history.map((c) => c.revision),
          Array.from({ length: 80 }, (_, i) => i + 1),
        );
        assert.equal(read.history.filter((c) => c.actor === 'a').length, 40);
        // A refused change writes nothing.
        await assert.rejects(
          registry.update('c', () => {
            throw new Error('refused');
          }),
          /refused/,
        );
        assert.equal((await registry.read()).revision, 80);
        // The host's live view reads it in the background.
        const live = createLiveView(registry, { checkMs: 0 });
        assert.equal((await live.refresh()).revision, 80);
        assert.equal(live.current().revision, 80);
      } finally {
        await registry.close();
      }
    });
  },
);
