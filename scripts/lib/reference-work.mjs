// The reference work that calibrates the Lighthouse step's CPU slowdown (scripts/lighthouse.mjs):
// a fixed page doing what the site's pages do as they start, measured in the CPU time of its main
// thread. Lighthouse's own benchmark (`computeBenchmarkIndex`: string concatenation and array
// copies) measures something else: on CI's machines it put an AMD EPYC at 1,918–3,160 and an Intel
// Xeon at 1,005–1,353, while the two ran /land's start in about the same CPU time (see
// docs/operations.md, "The CPU slowdown from a reference page").
//
// The page: React and ReactDOM's production builds (the versions the site runs, from the lockfile)
// evaluated from source, then a grid of catalogue-like cards rendered with them and laid out under
// a stylesheet like the site's. So it parses and compiles the same library, runs the same
// reconciler, creates the same kind of DOM and pays the same style and layout: it moves with a CPU
// the way the pages do, and never with this repository's own changes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot } from '../../server/src/apps.mjs';

/** Cards the reference page renders: about a catalogue page's worth of work, ten times over. */
export const REFERENCE_CARDS = 400;

/**
 * The reference work's CPU time, in ms, on the machine that defines Lighthouse's 4× (Lighthouse's
 * mobile preset emulates a mid-tier phone on a desktop CPU at that speed). Measured on CI's Intel
 * Xeon (2.5 GHz, 2 cores; Chromium 156), which runs the site's pages as fast as the AMD EPYC
 * machines that Lighthouse's benchmark rates as 4× ones. A machine that runs the reference in half
 * this time gets 8×, one that needs twice as long 2×.
 */
export const REFERENCE_MS_AT_4X = 270;

/** The CPU slowdown that makes this machine a phone: 4 × REFERENCE_MS_AT_4X / its time, 1–8. */
export function cpuSlowdownForReference(referenceMs) {
  if (typeof referenceMs !== 'number' || !(referenceMs > 0)) return 4;
  const factor = (4 * REFERENCE_MS_AT_4X) / referenceMs;
  return Math.round(Math.min(8, Math.max(1, factor)) * 10) / 10;
}

/** The production build of a package the host runs, as source text. */
function source(fromPackage, name, file) {
  const require = createRequire(join(fromPackage, 'package.json'));
  const dir = dirname(require.resolve(`${name}/package.json`));
  return { dir, text: readFileSync(join(dir, file), 'utf8') };
}

/**
 * The machine's speed at the work a page does as it starts: the reference page
 * (lib/reference-work.mjs: React's production build evaluated, 400 cards rendered and laid out)
 * in a fresh Chromium context, counted in the CPU time of its main thread (Chromium's
 * `TaskDuration` on the thread's clock), the least of five passes (about 3 s in all).
 */
export async function measureReference(launchOptions) {
  const html = referencePage();
  const browser = await chromium.launch(launchOptions);
  try {
    const passes = [];
    for (let pass = 0; pass < 5; pass++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
        const taskSeconds = async () =>
          (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')
            ?.value ?? NaN;
        const before = await taskSeconds();
        await page.setContent(html, { waitUntil: 'load' });
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => setTimeout(done))),
        );
        const cards = await page.evaluate(() => document.querySelectorAll('article').length);
        if (cards !== REFERENCE_CARDS)
          throw new Error(`the reference page drew ${cards} cards, not ${REFERENCE_CARDS}`);
        passes.push(((await taskSeconds()) - before) * 1000);
      } finally {
        await context.close();
      }
    }
    // Never a guess instead: a verdict at an unknown slowdown would not be this gate's.
    if (!passes.every((ms) => ms > 0))
      throw new Error('Chromium reported no task time: the reference work cannot be counted');
    return { ms: Math.min(...passes), passes };
  } finally {
    await browser.close();
  }
}

let page = null;

/** The reference page's HTML (built once): the libraries inline, then the cards. */
export function referencePage() {
  if (page) return page;
  const host = join(repoRoot, 'host');
  const react = source(host, 'react', 'cjs/react.production.js');
  const reactDom = source(host, 'react-dom', 'cjs/react-dom.production.js');
  const client = source(host, 'react-dom', 'cjs/react-dom-client.production.js');
  const scheduler = source(reactDom.dir, 'scheduler', 'cjs/scheduler.production.js');
  const modules = { scheduler, react, 'react-dom': reactDom, 'react-dom/client': client };
  const definitions = Object.entries(modules)
    .map(
      ([name, { text }]) =>
        `${JSON.stringify(name)}: function (module, exports, require) {\n${text}\n}`,
    )
    .join(',\n');
  page = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>reference</title>
<style>
:root{--gap:16px;--ink:#e8f1ff;--muted:#8fa3bf;--panel:#111a2e;--edge:#24324d}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:var(--ink);background:#070b14}
.container{max-width:1240px;margin:0 auto;padding:0 16px}
.grid{display:grid;gap:var(--gap);grid-template-columns:repeat(2,minmax(0,1fr))}
@media (min-width:1024px){.grid{grid-template-columns:repeat(4,minmax(0,1fr))}}
.card{display:flex;flex-direction:column;border:1px solid var(--edge);border-radius:12px;background:var(--panel);overflow:hidden}
.card-media{aspect-ratio:1;background:linear-gradient(135deg,#1d2b4a,#0b1222);position:relative}
.card-media .badge{position:absolute;top:8px;left:8px;padding:2px 8px;border-radius:999px;background:rgba(0,229,255,.15);font-size:.75rem}
.card-body{padding:12px;display:grid;gap:4px}.card h3{margin:0;font-size:1rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.muted{color:var(--muted);font-size:.875rem;margin:0}.price{display:flex;justify-content:space-between;margin:0}
.price .value{font-weight:700}.btn{display:inline-flex;justify-content:center;padding:8px 12px;border-radius:8px;background:#ff2bd6;color:#fff;text-decoration:none;font-weight:600}
.btn:hover,.btn:focus-visible{outline:2px solid #00e5ff}
</style></head><body><main class="container"><h1>Reference</h1><div id="root"></div></main>
<script>
(() => {
  const definitions = {
${definitions}
  };
  const cache = {};
  const require = (name) => {
    if (cache[name]) return cache[name].exports;
    const module = (cache[name] = { exports: {} });
    definitions[name](module, module.exports, require);
    return module.exports;
  };
  const { createElement: h, Fragment, useState } = require('react');
  const { flushSync } = require('react-dom');
  const { createRoot } = require('react-dom/client');
  const REGIONS = ['Neon Basin', 'Glass Tundra', 'Cobalt Reach', 'Ash Verge', 'Iron Delta'];
  function Card({ n }) {
    const [count, setCount] = useState(0);
    const title = REGIONS[n % REGIONS.length] + ' Plot ' + n;
    return h('article', { className: 'card', 'aria-labelledby': 'c' + n },
      h('div', { className: 'card-media' }, h('span', { className: 'badge' }, n % 7 ? 'Rare' : 'Legendary')),
      h('div', { className: 'card-body' },
        h('h3', { id: 'c' + n }, title),
        h('p', { className: 'muted' }, REGIONS[(n * 3) % REGIONS.length] + ' · ' + (n % 2 ? 'Large' : 'Medium')),
        h('p', { className: 'price' }, h('span', { className: 'muted' }, 'Price'), h('span', { className: 'value' }, '$' + ((n * 7919) % 100000 / 100).toFixed(2) + ' USDT')),
        h('a', { className: 'btn', href: '/buy-land?id=' + n, onClick: (e) => { e.preventDefault(); setCount(count + 1); } }, 'Buy Now')));
  }
  function Grid() {
    return h(Fragment, null, h('p', { className: 'muted' }, '${REFERENCE_CARDS} lands'),
      h('div', { className: 'grid' }, Array.from({ length: ${REFERENCE_CARDS} }, (_, n) => h(Card, { key: n, n }))));
  }
  const root = createRoot(document.getElementById('root'));
  flushSync(() => root.render(h(Grid)));
  document.body.offsetHeight;
})();
</script></body></html>`;
  return page;
}
