// The web server against a small fake build: caching, fallback, 404s, CORS, compression, config.
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  cacheControlFor,
  contentSecurityPolicy,
  hasFileExtension,
  isContentHashed,
} from './headers.js';
import { apiProcessEnv, runtimeConfigFromEnv } from '../runtime-config.js';
import type { RuntimeConfig } from '../runtime-config.js';
import { startServer } from './server.js';

const bigJs = `export const data = ${JSON.stringify('hyper tek '.repeat(2000))};\n`;

async function fakeBuild({ remote }: { remote: boolean }) {
  const root = await mkdtemp(join(tmpdir(), 'hypertek-serve-'));
  await mkdir(join(root, 'static/js'), { recursive: true });
  await writeFile(
    join(root, 'index.html'),
    '<!doctype html><html><head><script>window.x=1</script></head><body><div id="root"></div><script src="/static/js/main.3f2a9c1d8e7b6a50.js"></script></body></html>',
  );
  await writeFile(join(root, 'static/js/main.3f2a9c1d8e7b6a50.js'), bigJs);
  await writeFile(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  if (remote) {
    await writeFile(join(root, 'remoteEntry.js'), bigJs);
    await writeFile(
      join(root, 'mf-manifest.json'),
      JSON.stringify({ id: 'marketing', name: 'marketing' }),
    );
  }
  return root;
}

const env = {
  PUBLIC_API_URL: 'https://api.example.test/api/v1',
  MARKETING_PORT: '3101',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
  SITE_URL: 'https://hypertek.example.test/',
};

for (const remote of [false, true]) {
  void describe(remote ? 'remote server' : 'host server', () => {
    let root: string;
    let server: Server;
    let base: string;
    before(async () => {
      root = await fakeBuild({ remote });
      server = await startServer({
        root,
        isRemote: remote,
        // A remote's server also serves its published releases (none here: the release folder
        // is empty).
        name: remote ? 'marketing' : undefined,
        port: 0,
        host: '127.0.0.1',
        env: { ...env, RELEASES_DIR: join(root, '.no-releases') },
      });
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async () => {
      server.close();
      server.closeAllConnections();
      await rm(root, { recursive: true, force: true });
    });

    void test('index.html is no-cache, with security headers and a CSP by nonce naming the API', async () => {
      const res = await fetch(`${base}/`);
      assert.equal(res.status, 200);
      // The host's documents are composed, each with its own nonce: kept by no shared cache.
      assert.equal(res.headers.get('cache-control'), remote ? 'no-cache' : 'private, no-cache');
      assert.match(res.headers.get('content-type') ?? '', /text\/html/);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(res.headers.get('x-frame-options'), 'DENY');
      const csp = res.headers.get('content-security-policy') ?? '';
      const nonce = /script-src 'nonce-([A-Za-z0-9+/=]{24})' 'strict-dynamic'/.exec(csp)?.[1];
      assert.ok(nonce, csp);
      assert.match(
        csp,
        /style-src 'self' 'nonce-[^']+' http:\/\/localhost:3101 http:\/\/localhost:3002/,
      );
      assert.match(csp, /connect-src 'self' https:\/\/api\.example\.test/);
      // The host's composed page carries it on its scripts; a remote's file carries none.
      const html = await res.text();
      assert.equal(html.includes(`<script nonce="${nonce}">window.x=1`), !remote, html);
      assert.match(csp, /frame-ancestors 'none'/);
    });

    void test('navigations get index.html (SPA fallback), including nested paths', async () => {
      for (const path of ['/market-place', '/reset-password/abc123', '/Profile/']) {
        const res = await fetch(base + path);
        assert.equal(res.status, 200, path);
        assert.match(await res.text(), /<div id="root">/);
        assert.equal(res.headers.get('cache-control'), remote ? 'no-cache' : 'private, no-cache');
      }
    });

    void test('a missing asset is a 404, never index.html; a missing manifest too', async () => {
      for (const path of [
        '/static/js/missing.1234abcd.js',
        '/nope.css',
        '/mf-manifest.json.bak',
        '/deep/mf-manifest.json',
        ...(remote ? [] : ['/mf-manifest.json']),
      ]) {
        const res = await fetch(base + path);
        assert.equal(res.status, 404, path);
        assert.doesNotMatch(await res.text(), /<html/);
      }
    });

    void test('hashed chunks are immutable and served brotli or gzip by Accept-Encoding', async () => {
      const path = '/static/js/main.3f2a9c1d8e7b6a50.js';
      const br = await fetch(base + path, { headers: { 'Accept-Encoding': 'br, gzip' } });
      assert.equal(br.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(br.headers.get('content-encoding'), 'br');
      assert.match(br.headers.get('vary') ?? '', /Accept-Encoding/);
      // fetch decodes transparently; check the bytes on the wire with a raw request instead.
      const raw = async (encoding: string) => {
        const { request } = await import('node:http');
        return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          request(base + path, { headers: { 'Accept-Encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
            .on('error', reject)
            .end();
        });
      };
      const gz = await raw('gzip');
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.equal(gunzipSync(gz.body).toString(), bigJs);
      const b = await raw('br');
      assert.equal(brotliDecompressSync(b.body).toString(), bigJs);
      assert.ok(b.body.length < bigJs.length / 10);
      const plain = await raw('identity');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.body.toString(), bigJs);
    });

    void test('ETag revalidation answers 304', async () => {
      const first = await fetch(`${base}/favicon.svg`);
      const etag = first.headers.get('etag');
      assert.ok(etag);
      assert.equal(
        first.headers.get('cache-control'),
        'no-cache',
        'unhashed public files revalidate',
      );
      const second = await fetch(`${base}/favicon.svg`, { headers: { 'If-None-Match': etag } });
      assert.equal(second.status, 304);
    });

    void test('/config.json is written from the environment, no-cache', async () => {
      const res = await fetch(`${base}/config.json`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
      const config = (await res.json()) as RuntimeConfig;
      assert.equal(config.apiBaseUrl, 'https://api.example.test/api/v1');
      assert.equal(config.remotes.marketing, 'http://localhost:3101/mf-manifest.json');
      assert.equal(config.remotes.checkout, 'http://localhost:3004/mf-manifest.json');
      assert.equal(config.stripePublishableKey, 'pk_test_1');
      assert.equal(config.googleClientId, '');
      assert.equal(config.discordAuthorizeUrl, 'https://discord.com/oauth2/authorize');
      assert.equal(config.discordRedirectUri, 'https://hypertek.example.test/signin');
    });

    void test('only GET, HEAD and OPTIONS', async () => {
      const res = await fetch(`${base}/`, { method: 'POST' });
      assert.equal(res.status, 405);
      const head = await fetch(`${base}/`, { method: 'HEAD' });
      assert.equal(head.status, 200);
    });

    if (remote) {
      void test('remote assets carry CORS headers; the manifest and remoteEntry.js are no-cache', async () => {
        for (const path of [
          '/mf-manifest.json',
          '/remoteEntry.js',
          '/static/js/main.3f2a9c1d8e7b6a50.js',
        ]) {
          const res = await fetch(base + path, { headers: { Origin: 'http://localhost:3000' } });
          assert.equal(res.status, 200, path);
          assert.equal(res.headers.get('access-control-allow-origin'), '*', path);
          assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin', path);
        }
        assert.equal(
          (await fetch(`${base}/mf-manifest.json`)).headers.get('cache-control'),
          'no-cache',
        );
        assert.equal(
          (await fetch(`${base}/remoteEntry.js`)).headers.get('cache-control'),
          'no-cache',
        );
        const preflight = await fetch(`${base}/mf-manifest.json`, {
          method: 'OPTIONS',
          headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET' },
        });
        assert.equal(preflight.status, 204);
        assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      });
    } else {
      void test('the host sends no CORS headers', async () => {
        const res = await fetch(`${base}/`, { headers: { Origin: 'http://evil.test' } });
        assert.equal(res.headers.get('access-control-allow-origin'), null);
      });
    }

    // Last of the block: it removes a file of the build.
    void test('a file removed under the running server: that request fails, the server keeps serving, the next gets what is there', async () => {
      const path = remote ? '/remoteEntry.js' : '/static/js/main.3f2a9c1d8e7b6a50.js';
      const asBrotli = { headers: { 'Accept-Encoding': 'br' } };
      assert.equal((await fetch(base + path, asBrotli)).headers.get('content-encoding'), 'br');
      await rm(join(root, `${path}.br`));
      // The index still names the .br copy: this one answer is cut short (a network error).
      const broken = await fetch(base + path, asBrotli).then(
        (res) => res.text().then(() => `a whole answer, ${res.status}`),
        (error: unknown) => {
          const { cause, message } = error as Error & { cause?: { code?: string } };
          return `failed: ${cause?.code ?? message}`;
        },
      );
      assert.match(broken, /^failed/, broken);
      const next = await fetch(base + path, asBrotli);
      assert.equal(next.status, 200, 'the server still serves');
      assert.equal(next.headers.get('content-encoding'), null, 'the plain file now');
      assert.equal(await next.text(), bigJs);
      await rm(join(root, path));
      const plain = { headers: { 'Accept-Encoding': 'identity' } };
      await fetch(base + path, plain).then(
        (res) => res.text(),
        () => 'cut short',
      );
      assert.equal((await fetch(base + path, plain)).status, 404, 'no copy left to send: 404');
      assert.equal((await fetch(`${base}/`)).status, 200);
    });

    void test('an address that is no text (a malformed escape) is a 404, and the server keeps serving', async () => {
      for (const path of ['/releases/1.0.0%E0/x.js', '/static/js/%E0.js'])
        assert.equal((await fetch(base + path)).status, 404, path);
      assert.equal((await fetch(`${base}/config.json`)).status, 200);
    });
  });
}

void describe('policy helpers', () => {
  void test('content-hashed names', () => {
    for (const name of [
      'main.3f2a9c1d8e7b6a50.js',
      '712.a1b2c3d4.css',
      '9f86d081884c7d65.png',
      '__federation_expose_Home.0a1b2c3d.js',
      'vendors-node_modules_react.1a2b3c4d5e6f7a8b.js.map',
    ]) {
      assert.ok(isContentHashed(name), name);
    }
    for (const name of [
      'remoteEntry.js',
      'index.html',
      'logo.svg',
      '12345678.js',
      'deadbeef.js',
      'main.js',
    ]) {
      assert.ok(!isContentHashed(name), name);
    }
  });
  void test('cache policy', () => {
    assert.equal(cacheControlFor('/index.html'), 'no-cache');
    assert.equal(cacheControlFor('/remoteEntry.js.br'), 'no-cache');
    assert.equal(cacheControlFor('/mf-manifest.json'), 'no-cache');
    assert.equal(
      cacheControlFor('/static/js/12.abcdef12.js.gz'),
      'public, max-age=31536000, immutable',
    );
  });
  void test('file extension vs navigation', () => {
    assert.ok(hasFileExtension('/mf-manifest.json'));
    assert.ok(hasFileExtension('/a/b.c.js'));
    assert.ok(!hasFileExtension('/market-place'));
    assert.ok(!hasFileExtension('/v1.2/'));
  });
  void test('CSP and runtime config from env, with defaults from the ports', () => {
    const config = runtimeConfigFromEnv({ API_PORT: '4100', CHECKOUT_PORT: '3104' });
    assert.equal(config.apiBaseUrl, 'http://localhost:4100/api/v1');
    assert.equal(config.remotes.checkout, 'http://localhost:3104/mf-manifest.json');
    assert.equal(config.discordClientId, '');
    assert.match(contentSecurityPolicy(config)('n'), /connect-src 'self' http:\/\/localhost:4100/);
    assert.throws(() => runtimeConfigFromEnv({ PUBLIC_API_URL: 'not a url' }), /PUBLIC_API_URL/);
    assert.throws(() => runtimeConfigFromEnv({ MARKETING_PORT: '70000' }), /MARKETING_PORT/);
  });
  void test("field vitals' sampling rate: every page view unless set, a share from 0 to 1", () => {
    assert.equal(runtimeConfigFromEnv({}).fieldDataSampleRate, 1);
    assert.equal(runtimeConfigFromEnv({ FIELD_DATA_SAMPLE_RATE: '' }).fieldDataSampleRate, 1);
    assert.equal(runtimeConfigFromEnv({ FIELD_DATA_SAMPLE_RATE: '0' }).fieldDataSampleRate, 0);
    assert.equal(
      runtimeConfigFromEnv({ FIELD_DATA_SAMPLE_RATE: '0.25' }).fieldDataSampleRate,
      0.25,
    );
    for (const wrong of ['1.5', '-0.1', 'half', ' '])
      assert.throws(
        () => runtimeConfigFromEnv({ FIELD_DATA_SAMPLE_RATE: wrong }),
        /FIELD_DATA_SAMPLE_RATE/,
      );
  });
  void test('Discord: the authorize page and the return address, by default the site + /signin', () => {
    const defaults = runtimeConfigFromEnv({ HOST_PORT: '3100' });
    assert.equal(defaults.discordAuthorizeUrl, 'https://discord.com/oauth2/authorize');
    assert.equal(defaults.discordRedirectUri, 'http://localhost:3100/signin');
    // The API builds its default the same way from SITE_URL: the two must be equal.
    assert.equal(
      runtimeConfigFromEnv({ SITE_URL: 'https://hypertek.example' }).discordRedirectUri,
      'https://hypertek.example/signin',
    );
    assert.equal(
      runtimeConfigFromEnv({ SITE_URL: 'https://hypertek.example//' }).discordRedirectUri,
      'https://hypertek.example/signin',
    );
    const set = runtimeConfigFromEnv({
      SITE_URL: 'https://hypertek.example',
      DISCORD_AUTHORIZE_URL: 'http://127.0.0.1:9400/oauth2/authorize',
      DISCORD_REDIRECT_URI: 'https://login.hypertek.example/signin',
    });
    assert.equal(set.discordAuthorizeUrl, 'http://127.0.0.1:9400/oauth2/authorize');
    assert.equal(set.discordRedirectUri, 'https://login.hypertek.example/signin');
    // Empty means unset (compose passes `${NAME:-}`).
    assert.equal(
      runtimeConfigFromEnv({ DISCORD_AUTHORIZE_URL: '', DISCORD_REDIRECT_URI: '' })
        .discordRedirectUri,
      'http://localhost:3000/signin',
    );
    assert.throws(
      () => runtimeConfigFromEnv({ DISCORD_AUTHORIZE_URL: 'discord.com/oauth2' }),
      /DISCORD_AUTHORIZE_URL/,
    );
    assert.throws(
      () => runtimeConfigFromEnv({ DISCORD_REDIRECT_URI: 'javascript:alert(1)' }),
      /DISCORD_REDIRECT_URI/,
    );
    assert.throws(() => runtimeConfigFromEnv({ SITE_URL: 'localhost:3000' }), /SITE_URL/);
  });

  void test('the API process gets its public origin, not the API base of the browser', () => {
    assert.equal(
      apiProcessEnv({ PUBLIC_API_URL: 'https://api.example.test/api/v1' }).API_PUBLIC_ORIGIN,
      'https://api.example.test',
    );
    assert.equal(
      apiProcessEnv({
        PUBLIC_API_URL: 'https://x.test/api/v1',
        API_PUBLIC_ORIGIN: 'https://y.test',
      }).API_PUBLIC_ORIGIN,
      'https://y.test',
    );
    assert.equal('API_PUBLIC_ORIGIN' in apiProcessEnv({}), false);
  });
});
