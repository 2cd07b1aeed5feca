// The production proxy, proven on this machine: Caddy runs deploy/Caddyfile itself (the file
// docker-compose.yml mounts, only its ports and upstreams set by environment) in front of the
// built apps' real web servers and the API, started as the image starts them, with the one-origin
// addresses (deploy/one-origin.mjs). Caddy's own CA signs `localhost`; this test trusts that CA's
// root and nothing else, and asserts over real TLS what a visitor and Mozilla's HTTP Observatory
// see. Skips, saying why, without a `caddy` binary or without the apps' builds.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { API, APPS, repoRoot } from '../server/src/apps.mjs';
import { releaseSecrets } from '../server/src/releases/secrets.ts';
import { apiProcessEnv } from '../server/src/runtime-config.ts';
import { freePort } from '../server/src/site.ts';
import { startProcess, stopProcesses, waitForHttp } from '../scripts/lib/processes.mjs';
import { oneOriginEnv, remotePrefix } from './one-origin.mjs';

const caddyVersion = spawnSync('caddy', ['version'], { encoding: 'utf8' });
const built = (dir, file) => existsSync(join(repoRoot, dir, file));
const remotesBuilt = APPS.filter((a) => a.remote && built(a.dir, 'dist/mf-manifest.json'));
const skip =
  caddyVersion.status !== 0
    ? 'no `caddy` binary: install it (`apt-get install -y caddy`) to run the TLS proxy test'
    : !built('server', 'dist/cli/serve.js') ||
        !built('host', 'dist/index.html') ||
        !remotesBuilt.some((a) => a.name === 'marketing')
      ? 'the host, the marketing remote (the home page) and the server are not built: `npm run build` first'
      : false;

/** A request with the private CA trusted (and only it); the whole answer, undecoded. */
function get(url, { ca, headers = {}, method = 'GET', body } = {}) {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      { method, headers, ca, agent: false, timeout: 10_000 },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer in 10 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

const SUITE = 'one TLS origin: deploy/Caddyfile in front of the built site';
// Skipped as one test, with its reason, so that the run's summary counts it.
if (skip) void test(SUITE, { skip }, () => {});
else
  void describe(SUITE, () => {
    /** @type {import('../scripts/lib/processes.mjs').Started[]} */
    const children = [];
    let dir = '';
    let origin = '';
    let httpPort = 0;
    let httpsPort = 0;
    let ca = '';
    let rootPath = '';
    /** Each server's port (api, host, the built remotes), and the environment they run with. */
    let ports = {};
    let env = {};
    /** Every Set-Cookie the tests received, with the address that sent it. */
    const cookies = [];
    const visit = async (path, options = {}) => {
      const answer = await get(`${origin}${path}`, { ca, ...options });
      for (const cookie of [answer.headers['set-cookie'] ?? []].flat())
        cookies.push({ path, cookie });
      return answer;
    };

    before(async () => {
      const started = Date.now();
      dir = await mkdtemp(join(tmpdir(), 'hypertek-tls-'));
      [httpPort, httpsPort] = [await freePort(), await freePort()];
      origin = `https://localhost:${httpsPort}`;
      const apps = [APPS.find((a) => a.name === 'host'), ...remotesBuilt];
      ports = { [API.name]: await freePort() };
      for (const app of apps) ports[app.name] = await freePort();
      env = {
        ...process.env,
        ...oneOriginEnv(origin),
        // Only the proxy's X-Forwarded-For is believed: it connects from the loopback here.
        TRUST_PROXY: '127.0.0.1',
        API_PORT: String(ports.api),
        BIND_HOST: '127.0.0.1',
        RELEASES_DIR: join(dir, 'releases'),
        DATABASE_URL: 'memory://',
        REDIS_URL: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AUTH_MAX: '3',
      };
      // The proxy: the production file, its ports and upstreams from the environment.
      const upstreams = Object.fromEntries(
        [API, ...APPS].map((a) => [
          `UPSTREAM_${a.name.toUpperCase()}`,
          // A remote that is not built has no server: its prefix answers 502, as a remote down would.
          `127.0.0.1:${ports[a.name] ?? 9}`,
        ]),
      );
      const caddy = startProcess(
        'caddy',
        'caddy',
        ['run', '--config', join(repoRoot, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
        {
          env: {
            ...process.env,
            ...upstreams,
            SITE_DOMAIN: 'localhost',
            HTTP_PORT: String(httpPort),
            HTTPS_PORT: String(httpsPort),
            PUBLIC_HTTPS_PORT: `:${httpsPort}`,
            // Caddy's certificates and CA of this run only.
            XDG_DATA_HOME: join(dir, 'data'),
            XDG_CONFIG_HOME: join(dir, 'config'),
          },
        },
      );
      children.push(caddy);
      // Caddy makes its CA at start: the servers trust its root as the browser here does (the host's
      // server fetches the remotes' first screens from their public addresses).
      rootPath = join(dir, 'data/caddy/pki/authorities/local/root.crt');
      const rootDeadline = Date.now() + 20_000;
      while (!existsSync(rootPath)) {
        if (caddy.exitCode !== null) throw new Error('caddy exited at start (its log is above)');
        if (Date.now() > rootDeadline)
          throw new Error(`caddy made no CA root in 20 s (${rootPath})`);
        await new Promise((r) => setTimeout(r, 100));
      }
      ca = readFileSync(rootPath, 'utf8');
      env.NODE_EXTRA_CA_CERTS = rootPath;
      children.push(
        // As the image runs it: tsx on the source.
        startProcess('api', process.execPath, ['--import', 'tsx', 'src/server.ts'], {
          env: apiProcessEnv(env),
          cwd: join(repoRoot, API.dir),
        }),
      );
      for (const app of apps)
        children.push(
          startProcess(
            app.name,
            process.execPath,
            [
              join(repoRoot, 'server/dist/cli/serve.js'),
              '--app',
              app.name,
              '--port',
              String(ports[app.name]),
            ],
            { env, cwd: repoRoot },
          ),
        );
      await Promise.all([
        waitForHttp([`http://127.0.0.1:${ports.api}/readyz`], {
          child: children[1],
          name: 'api',
          // As scripts/lib/stack.mjs waits for it: a busy machine's first start is slow.
          timeoutMs: 90_000,
        }),
        ...apps.map((app, i) =>
          waitForHttp([`http://127.0.0.1:${ports[app.name]}/config.json`], {
            child: children[i + 2],
            name: app.name,
            timeoutMs: 30_000,
          }),
        ),
      ]);
      // The site's certificate, signed by that CA, served.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const answer = await get(`${origin}/config.json`, { ca }).catch(() => null);
        if (answer?.status === 200) break;
        if (Date.now() > deadline) throw new Error(`the proxy did not serve ${origin} in 30 s`);
        await new Promise((r) => setTimeout(r, 200));
      }
      console.log(
        `# proxy ${caddyVersion.stdout.trim().split(' ')[0]} at ${origin} (http on ${httpPort}) over ` +
          `${apps.map((a) => a.name).join(', ')} and the API: ready in ${Date.now() - started} ms`,
      );
    });

    after(async () => {
      await stopProcesses(children);
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    test('http answers 308 to the same address on https, nothing else', async () => {
      const answer = await get(`http://localhost:${httpPort}/items/search?q=land`);
      console.log(`# http → ${answer.status} ${answer.headers.location}`);
      assert.equal(answer.status, 308);
      assert.equal(answer.headers.location, `${origin}/items/search?q=land`);
    });

    test('the home page over TLS, with HSTS (two years, subdomains) once, and HTTP/3 offered', async () => {
      const answer = await visit('/', { headers: { accept: 'text/html' } });
      const hsts = answer.headers['strict-transport-security'];
      console.log(`# / → ${answer.status}; HSTS "${hsts}"; Alt-Svc "${answer.headers['alt-svc']}"`);
      assert.equal(answer.status, 200);
      assert.match(String(answer.headers['content-type']), /^text\/html/);
      assert.match(answer.body.toString(), /<div id="root"/);
      // The host's server read the home page's remote through the origin too (its TLS trusted):
      // the page preloads that remote's entry from under its prefix.
      assert.ok(
        answer.body.includes(`href="${origin}/remotes/marketing/remoteEntry.js"`),
        'the home page does not preload the marketing entry through the origin',
      );
      assert.equal(hsts, 'max-age=63072000; includeSubDomains');
      assert.match(String(answer.headers['alt-svc']), /\bh3=":\d+"/);
      assert.equal(answer.headers.server, undefined);
    });

    test('the runtime config names one origin: the remotes under /remotes/, the API under /api', async () => {
      const config = JSON.parse((await visit('/config.json')).body.toString());
      assert.equal(config.apiBaseUrl, `${origin}/api/v1`);
      for (const [name, url] of Object.entries(config.remotes))
        assert.equal(url, `${origin}${remotePrefix(name)}mf-manifest.json`, name);
    });

    for (const remote of remotesBuilt)
      test(`${remote.name}: its manifest, its entry and its modules' files load through its prefix`, async () => {
        const manifestUrl = `${remotePrefix(remote.remote ?? '')}mf-manifest.json`;
        const manifest = JSON.parse((await visit(manifestUrl)).body.toString());
        // publicPath "auto": the entry's address is relative to the manifest's.
        const { path, name } = manifest.metaData.remoteEntry;
        const entry = new URL(`${path ? `${path}/` : ''}${name}`, `${origin}${manifestUrl}`);
        const answer = await visit(entry.pathname, { headers: { 'accept-encoding': 'br, gzip' } });
        console.log(
          `# ${entry.pathname} → ${answer.status} ${answer.headers['content-type']} ${answer.headers['content-encoding']} ${answer.body.length} B`,
        );
        assert.equal(answer.status, 200);
        assert.match(String(answer.headers['content-type']), /javascript/);
        assert.match(String(answer.headers['content-encoding']), /^(br|gzip)$/);
        // And every script and stylesheet its exposed modules name, from beside the manifest.
        const files = manifest.exposes.flatMap((e) => [
          ...e.assets.js.sync,
          ...e.assets.js.async,
          ...e.assets.css.sync,
          ...e.assets.css.async,
        ]);
        const missing = [];
        for (const file of new Set(files)) {
          const url = new URL(file, `${origin}${manifestUrl}`);
          const status = (await visit(url.pathname)).status;
          if (status !== 200) missing.push(`${url.pathname} ${status}`);
        }
        console.log(`# ${remote.name}: ${new Set(files).size} files of its exposed modules loaded`);
        assert.ok(files.length > 0);
        assert.deepEqual(missing, []);
      });

    test('the API answers under /api on the same origin, compressed by the proxy', async () => {
      const answer = await visit('/api/v1/market/getMarket', {
        headers: { 'accept-encoding': 'gzip' },
      });
      console.log(
        `# /api/v1/market/getMarket → ${answer.status} ${answer.headers['content-encoding']}`,
      );
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-encoding'], 'gzip');
      assert.equal(
        answer.headers['strict-transport-security'],
        'max-age=63072000; includeSubDomains',
      );
    });

    test("the market's live stream flows through the proxy at once, never compressed", async () => {
      const started = Date.now();
      const first = await new Promise((resolve, reject) => {
        const req = https.get(
          `${origin}/api/v1/market/stream`,
          { ca, agent: false, headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip' } },
          (res) => {
            res.once('data', (chunk) => {
              resolve({ headers: res.headers, text: chunk.toString() });
              req.destroy();
            });
          },
        );
        req.setTimeout(5000, () => req.destroy(new Error('no event in 5 s through the proxy')));
        req.on('error', (error) => {
          if (error.code !== 'ECONNRESET') reject(error);
        });
      });
      console.log(
        `# stream: first message after ${Date.now() - started} ms, ${first.headers['content-type']}, ` +
          `encoding ${first.headers['content-encoding'] ?? 'none'}: ${JSON.stringify(first.text)}`,
      );
      assert.match(String(first.headers['content-type']), /^text\/event-stream/);
      assert.equal(first.headers['content-encoding'], undefined);
      assert.match(first.text, /^id: \d+/m);
    });

    test('a visitor cannot choose their address: a forged X-Forwarded-For is replaced, the limit holds', async () => {
      const statuses = [];
      for (const forged of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) {
        const answer = await visit('/api/v1/user/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
          body: JSON.stringify({
            Email: `tls-${forged}@example.com`,
            Password: 'Not-the-password-1',
          }),
        });
        statuses.push(answer.status);
      }
      console.log(`# four sign-ins, each from a forged address: ${statuses.join(', ')}`);
      assert.deepEqual(statuses, [401, 401, 401, 429]);
    });

    test("operations endpoints are not public: the host's and the remotes' /metrics answer 404", async () => {
      const direct = await get(`http://127.0.0.1:${ports.marketing}/metrics`);
      const statuses = [];
      for (const path of ['/metrics', '/remotes/marketing/metrics', '/remotes/checkout/metrics/'])
        statuses.push((await visit(path)).status);
      console.log(`# /metrics: ${direct.status} inside, ${statuses.join(', ')} on the origin`);
      assert.equal(direct.status, 200, 'the remote serves /metrics inside (else nothing is shown)');
      assert.deepEqual(statuses, [404, 404, 404]);
    });

    test('the release endpoint answers through the origin, to its token only', async () => {
      const refused = await visit('/_release/status');
      const status = await visit('/_release/status', {
        headers: { authorization: `Bearer ${releaseSecrets(env).token}` },
      });
      console.log(
        `# /_release/status: ${refused.status} without the token, ${status.status} with it`,
      );
      assert.equal(refused.status, 401);
      assert.equal(status.status, 200);
      assert.ok(JSON.parse(status.body.toString()));
    });

    test('every cookie set over https is Secure', async () => {
      // A new visitor's first page sets the host's visitor id; a preview link's way out clears a pass.
      await visit('/?release-preview=off');
      console.log(`# cookies: ${cookies.map((c) => `${c.path}: ${c.cookie}`).join(' | ')}`);
      assert.ok(cookies.length > 0, 'no cookie was set: nothing was checked');
      for (const { path, cookie } of cookies)
        assert.match(cookie, /;\s*Secure(;|$)/i, `${path}: ${cookie}`);
    });

    test("Mozilla's HTTP Observatory grades the origin A or better", () => {
      // Its own process: NODE_EXTRA_CA_CERTS (Caddy's root) is read when Node starts.
      const out = execFileSync(
        process.execPath,
        [
          join(repoRoot, 'deploy/observatory.mjs'),
          'localhost',
          '--http-port',
          String(httpPort),
          '--https-port',
          String(httpsPort),
          '--json',
        ],
        {
          env: { ...process.env, NODE_EXTRA_CA_CERTS: rootPath },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      const scan = JSON.parse(out);
      const failed = scan.tests.filter((t) => !t.pass || t.scoreModifier < 0);
      console.log(
        `# observatory: grade ${scan.grade}, score ${scan.score}, ${scan.testsPassed}/${scan.testsQuantity} passed`,
      );
      for (const t of scan.tests)
        console.log(`#   ${t.pass ? 'pass' : 'FAIL'} ${t.name}: ${t.result} (${t.scoreModifier})`);
      assert.ok(
        ['A+', 'A'].includes(scan.grade),
        `grade ${scan.grade} (score ${scan.score}); failed: ${failed.map((t) => `${t.name} ${t.result}`).join(', ')}`,
      );
      // The three the site failed without the proxy: each passes now.
      for (const name of ['redirection', 'strict-transport-security', 'cookies'])
        assert.ok(scan.tests.find((t) => t.name === name)?.pass, name);
    });
  });
