// The inventory's judgement of single scripts and headers, and the page reading the monitor does.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BOOT_SCRIPT } from '../compose/html.js';
import { sri } from '../releases/pins.js';
import {
  checkedInventory,
  headerProblems,
  INVENTORY,
  judgeScript,
  type InventoryContext,
} from './inventory.js';
import { namedScripts, runtimeConfigIn } from './page-scripts.js';

const SITE = 'https://hypertek.example';
const context: InventoryContext = {
  siteOrigin: SITE,
  remoteBases: {
    checkout: `${SITE}/remotes/checkout/`,
    marketplace: `${SITE}/remotes/marketplace/`,
  },
  hostFile: (path) => (path === '/static/js/main.1.js' ? 'sha384-host' : undefined),
  registryDigest: (url) =>
    url.endsWith('/static/js/card.2.js') || url.endsWith('/remoteEntry.js')
      ? 'sha384-rec'
      : undefined,
};
const file = (url: string, digest = 'sha384-rec') => ({ inline: false as const, url, digest });

void describe('the payment pages’ script inventory', () => {
  void test('lists the boot script the host’s server draws, by its digest', () => {
    const text = BOOT_SCRIPT.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    assert.deepEqual(
      judgeScript({ inline: true, digest: sri(text) }, context, { directLoad: true }),
      {
        ok: true,
        id: 'host-boot',
      },
    );
  });

  void test("allows the host's files with the build's digest, the checkout's with the registry's, Stripe.js by address", () => {
    assert.deepEqual(judgeScript(file(`${SITE}/static/js/main.1.js`, 'sha384-host'), context), {
      ok: true,
      id: 'host-app',
    });
    assert.deepEqual(judgeScript(file(`${SITE}/remotes/checkout/static/js/card.2.js`), context), {
      ok: true,
      id: 'checkout-remote',
    });
    // A release's files are under releases/<version>/.
    assert.equal(
      judgeScript(file(`${SITE}/remotes/checkout/releases/1.2.0%2Babc/remoteEntry.js`), context).ok,
      true,
    );
    assert.deepEqual(
      judgeScript(file('https://js.stripe.com/endive/stripe.js', 'sha384-any'), context),
      {
        ok: true,
        id: 'stripe-js',
      },
    );
  });

  void test('refuses other bytes, unknown files, other origins and other inline scripts, saying why', () => {
    const refused = (seen: Parameters<typeof judgeScript>[0], directLoad = false) => {
      const verdict = judgeScript(seen, context, { directLoad });
      return verdict.ok ? `allowed as ${verdict.id}` : `${verdict.script}: ${verdict.reason}`;
    };
    assert.equal(
      refused(file(`${SITE}/static/js/main.1.js`, 'sha384-other')),
      `${SITE}/static/js/main.1.js: host-app: its bytes (sha384-other) are not the recorded sha384-host`,
    );
    assert.equal(
      refused(file(`${SITE}/remotes/checkout/static/js/skim.js`)),
      `${SITE}/remotes/checkout/static/js/skim.js: checkout-remote: no recorded digest (registry) for it`,
    );
    assert.equal(
      refused(file('https://js.stripe.com.evil.example/endive/stripe.js')),
      'https://js.stripe.com.evil.example/endive/stripe.js: not in the payment pages’ script inventory',
    );
    assert.equal(
      refused(file('https://js.stripe.com/other.js')),
      'https://js.stripe.com/other.js: not in the payment pages’ script inventory',
    );
    assert.equal(
      refused({ inline: true, digest: 'sha384-x' }),
      'an inline script (sha384-x): not in the payment pages’ script inventory',
    );
    assert.equal(
      refused(file(`${SITE}/remotes/marketplace/remoteEntry.js`), true),
      `${SITE}/remotes/marketplace/remoteEntry.js: marketplace-remote may be in the document only after a link inside the site, not on a payment page loaded on its own`,
    );
    assert.equal(
      refused(file(`${SITE}/remotes/marketplace/remoteEntry.js`)),
      'allowed as marketplace-remote',
    );
  });

  void test('headers: the rules name what is missing or weaker', () => {
    const good: Record<string, string> = {
      'content-security-policy':
        "script-src 'nonce-abc+/=' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; require-trusted-types-for 'script'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
    };
    const problems = (headers: Record<string, string>, https = true) =>
      headerProblems((name) => headers[name.toLowerCase()] ?? null, https);
    assert.deepEqual(problems(good), []);
    const plain = Object.fromEntries(
      Object.entries(good).filter(([name]) => name !== 'strict-transport-security'),
    );
    assert.deepEqual(problems(plain, false), [], 'HSTS only over https');
    assert.deepEqual(problems(plain), ['Strict-Transport-Security: missing']);
    assert.deepEqual(
      problems({
        ...good,
        'content-security-policy':
          good['content-security-policy']?.replace("'nonce-abc+/=' ", '') ?? '',
        'strict-transport-security': 'max-age=600',
      }),
      [
        "Content-Security-Policy: script-src does not name 'nonce-*'",
        'Strict-Transport-Security: max-age 600 is below 31536000',
      ],
    );
    assert.deepEqual(
      problems({
        ...good,
        'content-security-policy': `${good['content-security-policy']}; script-src 'unsafe-eval'`,
      }),
      [],
      'a second script-src is ignored by browsers, and here',
    );
  });

  void test('a malformed inventory is refused at load', () => {
    const entry = INVENTORY.scripts[1];
    assert.ok(entry);
    assert.throws(
      () => checkedInventory({ ...INVENTORY, scripts: [{ ...entry, owner: '' }] }),
      /script "host-app" needs what, owner and justification/,
    );
    assert.throws(
      () =>
        checkedInventory({
          ...INVENTORY,
          scripts: [{ ...entry, integrity: { source: 'none', why: '' } }],
        }),
      /has no digest and must say why/,
    );
    assert.throws(
      () => checkedInventory({ ...INVENTORY, scripts: [entry], directLoad: ['checkout-remote'] }),
      /directLoad names "checkout-remote", which is not listed/,
    );
  });
});

void describe('the scripts a page names', () => {
  void test('inline scripts that run, sources and script preloads, never JSON data', () => {
    const html =
      '<script nonce="n">boot()</script><link rel="preload" as="script" href="/static/js/main.js" data-boot>' +
      '<link rel="preload" as="font" href="/font.woff2"><link rel=modulepreload href="https://cdn.example/m.js">' +
      '<script type="application/json" id="runtime-config">{"remotes":{"checkout":"https://x/mf-manifest.json"}}</script>' +
      '<script type="module" src="a.js?v=1&amp;w=2"></script><script type="text/template">no</script>';
    assert.deepEqual(namedScripts(html, 'https://site.example/payment'), [
      { inline: true, text: 'boot()' },
      { inline: false, url: 'https://site.example/static/js/main.js' },
      { inline: false, url: 'https://cdn.example/m.js' },
      { inline: false, url: 'https://site.example/a.js?v=1&w=2' },
    ]);
    assert.deepEqual(runtimeConfigIn(html), {
      remotes: { checkout: 'https://x/mf-manifest.json' },
    });
    assert.equal(runtimeConfigIn('<p>no config</p>'), null);
  });
});
