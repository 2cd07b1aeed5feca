// The responsiveness of three interactions a visitor makes on a phone (Interaction to Next Paint),
// measured in a real browser by scripts/lighthouse.mjs: the page is opened at a phone's size and
// left to settle (its code hydrated, its data shown, the network idle), then the CPU is slowed by
// the run's calibrated factor (the factor Lighthouse's runs use, cpuSlowdownForReference) and the visitor's
// taps and keys are played. INP is read the way the `web-vitals` library reads it: the browser's
// Event Timing entries (`PerformanceObserver` type `event`), grouped by `interactionId`, the
// longest of them (with fewer than 50 interactions, web-vitals' INP is the worst one).
import { randomBytes } from 'node:crypto';

/** A phone's screen, as Lighthouse's mobile runs emulate it (Moto G Power). */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };
/** Web Vitals' "good" INP. */
export const INP_GOOD_MS = 200;

const PASSWORD = 'Inp-check-2117!';

/**
 * @typedef {import('playwright-core').Page} Page
 * @typedef {{ name: string, path: string, signedIn: boolean,
 *   ready: (page: Page) => Promise<unknown>,
 *   steps: ((page: Page) => Promise<unknown>)[],
 *   check: (page: Page) => Promise<unknown> }} Interaction
 * `ready`: the page is live; `steps`: the visitor's inputs, each followed by a second without any
 * script of ours in the page (a test tool's checks run on the page's main thread and would delay
 * the very paint INP measures); `check`: afterwards, that the interactions did what they should.
 */

const marketplace = (page) => page.locator('[data-remote="marketplace"]');

/** A finger's tap on the middle of `locator` (found before, so that nothing is looked up during it). */
const tap = (locator) => async (page) => {
  await locator(page).scrollIntoViewIfNeeded();
  const box = await locator(page).boundingBox();
  if (!box) throw new Error(`nothing to tap: ${String(locator(page))}`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
};

/** @type {Interaction[]} */
export const INTERACTIONS = [
  {
    // On a phone the search is in the top bar's menu: open it, tap the search box, type.
    name: 'open the search',
    path: '/market-place',
    signedIn: true,
    ready: (page) => marketplace(page).locator('h1').first().waitFor(),
    steps: [
      tap((page) => page.getByRole('button', { name: 'Open menu' })),
      tap((page) => page.locator('#mobile-menu').getByPlaceholder('Search...')),
      (page) => page.keyboard.type('Vo'),
    ],
    check: (page) => page.locator('#mobile-menu').getByRole('listbox').waitFor(),
  },
  {
    // A key on the focused list (a test tool's selectOption is no interaction for the browser,
    // and a phone's own picker cannot be driven): the next sort, price from low to high.
    name: 'apply a catalogue filter',
    path: '/land',
    signedIn: false,
    ready: async (page) => {
      await marketplace(page).locator('a.ui-item-card-action').first().waitFor();
      await marketplace(page).getByLabel('Sort by').focus();
    },
    steps: [(page) => page.keyboard.press('ArrowDown')],
    check: (page) => page.waitForURL(/sort=price_asc/),
  },
  {
    name: 'open the buy dialog',
    path: '/buy-nfa?id=1',
    signedIn: true,
    ready: (page) =>
      marketplace(page).getByRole('button', { name: 'Buy Now', exact: true }).first().waitFor(),
    steps: [
      tap((page) =>
        marketplace(page).getByRole('button', { name: 'Buy Now', exact: true }).first(),
      ),
    ],
    check: (page) => page.getByRole('dialog').waitFor(),
  },
];

/** A new account through the API: what the site keeps in local storage when signed in. */
export async function newSession(apiUrl) {
  const response = await fetch(`${apiUrl}/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      Email: `inp-${randomBytes(5).toString('hex')}@example.com`,
      Password: PASSWORD,
      ConfirmPassword: PASSWORD,
    }),
  });
  if (response.status !== 201)
    throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  const { user, token } = await response.json();
  return { user, token, isLoggedInUser: true };
}

/**
 * The worst interaction among the page's Event Timing entries: its duration (ms) and event (the
 * entry that took longest), and how many interactions there were.
 */
export function inpOf(entries) {
  /** @type {Map<number, { duration: number, name: string }>} */
  const byInteraction = new Map();
  for (const { interactionId, duration, name } of entries) {
    if (!interactionId) continue;
    const seen = byInteraction.get(interactionId);
    if (!seen || duration > seen.duration) byInteraction.set(interactionId, { duration, name });
  }
  let worst = null;
  for (const interaction of byInteraction.values())
    if (!worst || interaction.duration > worst.duration) worst = interaction;
  return { inpMs: worst?.duration ?? null, event: worst?.name ?? null, count: byInteraction.size };
}

/**
 * One measurement of `interaction` in a fresh context of `browser`: its INP (ms) and the number of
 * interactions it made, at `cpuSlowdown`.
 * @param {import('playwright-core').Browser} browser
 * @param {{ siteUrl: string, session: object | null, cpuSlowdown: number }} options
 * @param {Interaction} interaction
 */
export async function measureInteraction(browser, { siteUrl, session, cpuSlowdown }, interaction) {
  const context = await browser.newContext({ ...PHONE, isMobile: true, hasTouch: true });
  try {
    if (interaction.signedIn && session)
      await context.addInitScript((saved) => {
        localStorage.setItem('auth', JSON.stringify(saved));
      }, session);
    await context.addInitScript(() => {
      const seen = [];
      Object.defineProperty(window, '__eventTimings', { value: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          seen.push({
            interactionId: /** @type {PerformanceEventTiming} */ (entry).interactionId,
            duration: entry.duration,
            name: entry.name,
          });
      }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    });
    const page = await context.newPage();
    await page.goto(siteUrl + interaction.path);
    await interaction.ready(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    for (const step of interaction.steps) {
      await step(page);
      // Its entry is reported once its next paint is done.
      await page.waitForTimeout(1000);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const timings = await page.evaluate(() => /** @type {any} */ (window).__eventTimings);
    await interaction.check(page);
    return inpOf(timings);
  } finally {
    await context.close();
  }
}
