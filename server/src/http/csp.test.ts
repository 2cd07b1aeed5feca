// The Content-Security-Policy (docs/security.md): the policy itself, graded by Google's CSP
// Evaluator; a nonce per response on the scripts and styles the server draws; and the report
// endpoint (counted, bounded, rate-limited, refusing what is not a report).
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Version } from 'csp_evaluator/dist/csp.js';
import { CspEvaluator } from 'csp_evaluator/dist/evaluator.js';
import { Severity } from 'csp_evaluator/dist/finding.js';
import { CspParser } from 'csp_evaluator/dist/parser.js';
import { runtimeConfigFromEnv } from '../runtime-config.js';
import { MAX_REPORT_BYTES, parseReports } from './csp-reports.js';
import { contentSecurityPolicy, CSP_REPORT_PATH, newNonce, reportsTo } from './headers.js';
import { startServer } from './server.js';

/** The Evaluator's findings of high severity (as its web page shows them in red). */
function highFindings(csp: string): string[] {
  const findings = new CspEvaluator(new CspParser(csp).csp, Version.CSP3).evaluate();
  return findings
    .filter((f) => f.severity === Severity.HIGH || f.severity === Severity.SYNTAX)
    .map((f) => `${f.directive} ${f.value ?? ''}: ${f.description}`);
}

/** The production shape: one https origin per app (docs/operations.md). */
const production = runtimeConfigFromEnv({
  PUBLIC_API_URL: 'https://api.hypertek.example/api/v1',
  MARKETING_URL: 'https://marketing.hypertek.example/mf-manifest.json',
  MARKETPLACE_URL: 'https://marketplace.hypertek.example/mf-manifest.json',
  ACCOUNT_URL: 'https://account.hypertek.example/mf-manifest.json',
  CHECKOUT_URL: 'https://checkout.hypertek.example/mf-manifest.json',
});

void describe('the policy', () => {
  const policy = contentSecurityPolicy(production, { reportTo: true });
  const directive = (csp: string, name: string) =>
    csp
      .split('; ')
      .find((d) => d.startsWith(`${name} `))
      ?.split(' ')
      .slice(1) ?? null;

  void test("scripts only by the response's nonce and 'strict-dynamic', never eval", () => {
    const nonce = newNonce();
    const csp = policy(nonce);
    assert.deepEqual(directive(csp, 'script-src'), [
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      // CSP 1/2 browsers' fallbacks, ignored where nonces and 'strict-dynamic' are understood.
      'https:',
      "'unsafe-inline'",
    ]);
    assert.doesNotMatch(csp, /unsafe-eval/);
    assert.deepEqual(directive(csp, 'object-src'), ["'none'"]);
    assert.deepEqual(directive(csp, 'base-uri'), ["'none'"]);
    assert.deepEqual(directive(csp, 'require-trusted-types-for'), ["'script'"]);
    assert.deepEqual(directive(csp, 'trusted-types'), [
      'hypertek',
      'default',
      "'allow-duplicates'",
    ]);
    assert.deepEqual(directive(csp, 'report-uri'), [CSP_REPORT_PATH]);
    assert.deepEqual(directive(csp, 'report-to'), ['csp']);
    // An http site (local): report-uri alone (see reportsTo).
    assert.equal(directive(contentSecurityPolicy(production)(nonce), 'report-to'), null);
    assert.equal(reportsTo('https://hypertek.example'), true);
    assert.equal(reportsTo('http://localhost:3000'), false);
    // Styles: no 'unsafe-inline' for <style> elements (the nonce), only for style attributes.
    assert.equal(directive(csp, 'style-src')?.includes("'unsafe-inline'"), false);
    assert.deepEqual(directive(csp, 'style-src-attr'), ["'unsafe-inline'"]);
  });

  void test('nonces are 128 random bits, never the same twice', () => {
    const nonces = new Set(Array.from({ length: 10_000 }, newNonce));
    assert.equal(nonces.size, 10_000);
    for (const nonce of [...nonces].slice(0, 100))
      assert.equal(Buffer.from(nonce, 'base64').length, 16, nonce);
  });

  void test("Google's CSP Evaluator finds nothing of high severity", () => {
    const csp = policy(newNonce());
    assert.deepEqual(highFindings(csp), [], csp);
    // Without the nonce and 'strict-dynamic', only the old browsers' fallbacks are left: high.
    const fallbacksOnly = csp.replace(/'nonce-[^']+' 'strict-dynamic' /, '');
    assert.match(fallbacksOnly, /script-src https: 'unsafe-inline';/);
    assert.notDeepEqual(highFindings(fallbacksOnly), [], 'the Evaluator does find high findings');
  });
});

void describe('documents and the report endpoint on a running host', () => {
  let root: string;
  let server: Server;
  let base: string;
  const logs: string[] = [];
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'hypertek-csp-'));
    await mkdir(join(root, 'static/js'), { recursive: true });
    await writeFile(
      join(root, 'index.html'),
      '<!doctype html><html><head><style>body{margin:0}</style><script defer src="/static/js/main.1a2b3c4d5e.js"></script></head><body><div id="root"></div></body></html>',
    );
    await writeFile(join(root, 'static/js/main.1a2b3c4d5e.js'), 'console.log(1)');
    server = await startServer({
      root,
      isRemote: false,
      port: 0,
      host: '127.0.0.1',
      env: {
        PUBLIC_API_URL: 'https://api.example.test/api/v1',
        SITE_URL: 'https://hypertek.example.test',
        RELEASES_DIR: join(root, '.no-releases'),
        SERVE_PRECOMPRESS: '0',
        CSP_REPORTS_PER_MINUTE: '5',
        // Each test reports from an address of its own (X-Forwarded-For).
        TRUST_PROXY: 'true',
      },
      log: (line) => logs.push(line),
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.close();
    server.closeAllConnections();
    await rm(root, { recursive: true, force: true });
  });

  const page = async (path: string, encoding = 'br') => {
    const res = await fetch(base + path, { headers: { 'Accept-Encoding': encoding } });
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    return { res, csp, nonce, html: await res.text() };
  };

  void test('every document has a nonce of its own, on the scripts and styles the server drew', async () => {
    const seen = new Set<string>();
    for (const [i, path] of ['/', '/', '/market-place', '/index.html', '/'].entries()) {
      const { res, csp, nonce, html } = await page(path, i % 2 ? 'gzip' : 'br');
      assert.equal(res.status, 200);
      assert.ok(nonce, csp);
      // The header the server really sends, graded as well.
      assert.deepEqual(highFindings(csp), [], csp);
      assert.ok(!seen.has(nonce), `nonce ${nonce} sent twice`);
      seen.add(nonce);
      assert.match(html, new RegExp(`<style nonce="${nonce.replace(/[+/]/g, '\\$&')}">`));
      assert.match(html, new RegExp(`<script nonce="${nonce.replace(/[+/]/g, '\\$&')}" defer`));
      assert.doesNotMatch(html, /nonce-mark/, 'no placeholder left');
      // Nothing a browser or a shared cache could keep and serve with another policy.
      assert.equal(res.headers.get('etag'), null);
      assert.equal(res.headers.get('cache-control'), 'private, no-cache');
      assert.equal(res.headers.get('reporting-endpoints'), `csp="${CSP_REPORT_PATH}"`);
    }
    assert.equal(seen.size, 5);
  });

  const post = (body: string, type = 'application/csp-report', from = '198.51.100.1') =>
    fetch(base + CSP_REPORT_PATH, {
      method: 'POST',
      headers: { 'Content-Type': type, 'X-Forwarded-For': from },
      body,
    });
  const metric = async (pattern: RegExp) => {
    const text = await (await fetch(`${base}/metrics`)).text();
    return Number(pattern.exec(text)?.[1] ?? 0);
  };
  const violations = (directive: string) =>
    metric(
      new RegExp(
        `hypertek_web_csp_violations_total\\{directive="${directive}",disposition="enforce",app="host"\\} (\\d+)`,
      ),
    );

  void test('a report in either format is counted by directive, logged once per kind', async () => {
    const classic = JSON.stringify({
      'csp-report': {
        'document-uri': 'https://hypertek.example/checkout?id=7',
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'https://evil.example/x.js',
        disposition: 'enforce',
      },
    });
    const reporting = JSON.stringify([
      {
        type: 'csp-violation',
        url: 'https://hypertek.example/',
        body: {
          documentURL: 'https://hypertek.example/',
          effectiveDirective: 'require-trusted-types-for',
          blockedURL: 'trusted-types-sink',
          disposition: 'enforce',
        },
      },
      { type: 'deprecation', body: {} },
    ]);
    const before = await violations('script-src-elem');
    assert.equal((await post(classic)).status, 204);
    assert.equal((await post(classic)).status, 204);
    assert.equal((await post(reporting, 'application/reports+json')).status, 204);
    assert.equal(await violations('script-src-elem'), before + 2);
    assert.equal(await violations('require-trusted-types-for'), 1);
    const lines = logs.filter((line) => line.includes('https://evil.example'));
    assert.deepEqual(lines, [
      'csp: blocked https://evil.example by script-src-elem on /checkout (first of its kind)',
    ]);
  });

  void test('junk is a 400, another media type a 415, a GET a 405', async () => {
    for (const junk of ['not json', '{"csp-report":{}}', '[{"type":"csp-violation"}]', '42'])
      assert.equal((await post(junk, 'application/csp-report', '198.51.100.2')).status, 400, junk);
    assert.equal((await post('{}', 'text/plain', '198.51.100.2')).status, 415);
    assert.equal((await fetch(base + CSP_REPORT_PATH)).status, 405);
  });

  void test('a body over the limit is a 413, whether declared or streamed', async () => {
    const big = JSON.stringify({ 'csp-report': { x: 'a'.repeat(MAX_REPORT_BYTES) } });
    const res = await post(big, 'application/csp-report', '198.51.100.3');
    assert.equal(res.status, 413);
    assert.match(await res.text(), /at most 16384 bytes/);
  });

  void test('a flood from one address is a 429 once its minute is spent', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push((await post('junk', 'application/csp-report', '198.51.100.4')).status);
    // Five a minute (CSP_REPORTS_PER_MINUTE): five answered (junk: 400), then refused.
    assert.deepEqual(statuses, [400, 400, 400, 400, 400, 429, 429, 429]);
    // Another address is not held back by this one.
    assert.equal((await post('junk', 'application/csp-report', '198.51.100.5')).status, 400);
    const refused = await metric(
      /hypertek_web_csp_reports_refused_total\{reason="rate-limited",app="host"\} (\d+)/,
    );
    assert.ok(refused >= 1, `rate-limited count ${refused}`);
  });
});

void test('report parsing takes the directive from either format', () => {
  assert.deepEqual(
    parseReports({
      'csp-report': { 'violated-directive': 'style-src-elem', 'blocked-uri': 'inline' },
    }),
    [{ directive: 'style-src-elem', blocked: 'inline', document: '', disposition: 'enforce' }],
  );
  assert.equal(parseReports({ nothing: true }), null);
  assert.deepEqual(parseReports([]), []);
});
