/**
 * The releases' demo field data (issue 29, a live demo): page views with their Web Vitals, funnel
 * steps and release reports for a few versions of each remote over the last week, so the release
 * console draws real-looking figures and charts on a fresh start. Drawn from a seeded generator
 * (the same rows every time), timed relative to now (inside the retention, so nothing is pruned
 * at start), and only with the staff demo accounts (never in production).
 *
 * What is not seeded: the release registry (which release is live, the history). It is the web
 * server's, in `RELEASES_DIR`, and naming a release there that was never published would send
 * visitors to code that does not exist. These versions are past and current releases as the
 * field data remembers them; a release published and promoted after the start joins them.
 */
import type { FUNNEL_STEPS, RELEASE_CHANNELS } from '@hypertek/shared/release-words';
import { createRng, normalDraw } from '../../lib/random';
import type { Database } from '../client';
import { fieldViews, funnelSteps, releaseReports } from '../schema';

type Channel = (typeof RELEASE_CHANNELS)[number];
type Step = (typeof FUNNEL_STEPS)[number];

const DAY_MS = 86_400_000;
const BATCH = 400;

/** One version's story: when its visitors came, how many, and how it behaved for them. */
interface DemoVersion {
  remote: 'marketing' | 'marketplace' | 'account' | 'checkout';
  version: string;
  channel: Channel;
  route: string;
  /** Days ago its page views start and end. */
  from: number;
  to: number;
  views: number;
  /** Median INP and LCP (ms); the other vitals follow the page. */
  inp: number;
  lcp: number;
  /** Each step's share of the visitors who reached the step before it. */
  funnel: Partial<Record<Step, number>>;
  /** The share of visitors whose release failed to load or render. */
  failures: number;
}

const SIGNUP = { 'funnel-viewed': 0.7, 'signup-started': 0.32, 'signup-completed': 0.62 };
const CHECKOUT = { 'checkout-opened': 0.5, 'checkout-paid': 0.55 };

/** The demo's versions (published commits as they would be named; none is `1.4.0+3f2a9c1`). */
export const DEMO_VERSIONS: readonly DemoVersion[] = [
  // Marketing: the funnel page went live last week, its successor is live, and a canary of the
  // next one answers taps more slowly and loses sign-ups.
  {
    remote: 'marketing',
    version: '1.2.0+5d2e1a4',
    channel: 'live',
    route: '/funnel-page',
    from: 7,
    to: 4,
    views: 260,
    inp: 130,
    lcp: 1900,
    funnel: SIGNUP,
    failures: 0.004,
  },
  {
    remote: 'marketing',
    version: '1.3.0+8c41f07',
    channel: 'live',
    route: '/funnel-page',
    from: 4,
    to: 0,
    views: 420,
    inp: 115,
    lcp: 1750,
    funnel: SIGNUP,
    failures: 0.003,
  },
  {
    remote: 'marketing',
    version: '1.5.0+e3a9b62',
    channel: 'canary',
    route: '/funnel-page',
    from: 1.5,
    to: 0,
    views: 260,
    inp: 185,
    lcp: 1800,
    funnel: { ...SIGNUP, 'signup-completed': 0.45 },
    failures: 0.02,
  },
  {
    remote: 'marketing',
    version: '1.5.0+e3a9b62',
    channel: 'preview',
    route: '/funnel-page',
    from: 2,
    to: 1.5,
    views: 6,
    inp: 180,
    lcp: 1820,
    funnel: {},
    failures: 0,
  },
  {
    remote: 'marketplace',
    version: '1.6.0+b71c0d9',
    channel: 'live',
    route: '/market-place',
    from: 7,
    to: 0,
    views: 380,
    inp: 160,
    lcp: 2300,
    funnel: {},
    failures: 0.005,
  },
  {
    remote: 'account',
    version: '1.2.0+2f9e6a1',
    channel: 'live',
    route: '/signup',
    from: 7,
    to: 0,
    views: 220,
    inp: 110,
    lcp: 1500,
    funnel: SIGNUP,
    failures: 0.002,
  },
  // Checkout: live, and a canary that converts fewer opened checkouts into payments.
  {
    remote: 'checkout',
    version: '1.8.0+6e2b9f4',
    channel: 'live',
    route: '/stripe-payment',
    from: 6,
    to: 0,
    views: 240,
    inp: 140,
    lcp: 1650,
    funnel: CHECKOUT,
    failures: 0.004,
  },
  {
    remote: 'checkout',
    version: '1.9.0+c5a1d07',
    channel: 'canary',
    route: '/stripe-payment',
    from: 1,
    to: 0,
    views: 220,
    inp: 150,
    lcp: 1700,
    funnel: { ...CHECKOUT, 'checkout-paid': 0.38 },
    failures: 0.01,
  },
];

const STEP_ORDER: readonly Step[] = [
  'funnel-viewed',
  'signup-started',
  'signup-completed',
  'checkout-opened',
  'checkout-paid',
];

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let at = 0; at < rows.length; at += BATCH) await insert(rows.slice(at, at + BATCH));
}

/** Writes the demo's page views, funnel steps and release reports (they name nobody). */
export async function seedReleaseDemo({ db }: Database, now = Date.now()): Promise<number> {
  const rng = createRng(2117_29);
  const lognormal = (median: number, spread: number) =>
    Math.round(median * Math.exp(spread * normalDraw(rng)));
  const views: (typeof fieldViews.$inferInsert)[] = [];
  const steps: (typeof funnelSteps.$inferInsert)[] = [];
  const reports: (typeof releaseReports.$inferInsert)[] = [];

  DEMO_VERSIONS.forEach((demo, index) => {
    const release = { remote: demo.remote, version: demo.version, channel: demo.channel };
    const at = () => new Date(now - (demo.to + rng() * (demo.from - demo.to)) * DAY_MS);
    // About two and a half page views per visitor.
    const visitors = Array.from({ length: Math.max(1, Math.round(demo.views / 2.5)) }, (_, n) =>
      `demo${index}v${n}x${Math.floor(rng() * 1e9).toString(36)}`.padEnd(16, '0'),
    );
    for (let n = 0; n < demo.views; n += 1) {
      views.push({
        visitor: visitors[n % visitors.length] ?? '',
        route: demo.route,
        releases: [release],
        lcp: lognormal(demo.lcp, 0.35),
        inp: lognormal(demo.inp, 0.6),
        cls: Math.round(Math.abs(normalDraw(rng)) * 0.05 * 1000) / 1000,
        fcp: lognormal(900, 0.3),
        ttfb: lognormal(150, 0.4),
        inpRemote: rng() < 0.7 ? demo.remote : null,
        receivedAt: at(),
      });
    }
    for (const visitor of visitors) {
      const reachedAt = at();
      // Each step is reached by a share of those who reached the one before it.
      for (const step of STEP_ORDER) {
        const share = demo.funnel[step];
        if (share === undefined) continue;
        if (rng() >= share) break;
        steps.push({ ...release, visitor, step, reachedAt });
      }
      reports.push({ ...release, visitor, outcome: 'loaded', createdAt: reachedAt });
      if (rng() < demo.failures) {
        reports.push({
          ...release,
          visitor,
          outcome: 'failed',
          stage: 'render',
          message: 'Cannot read properties of undefined (reading "price")',
          createdAt: reachedAt,
        });
      }
    }
  });

  await insertInBatches(views, (batch) => db.insert(fieldViews).values(batch));
  await insertInBatches(steps, (batch) => db.insert(funnelSteps).values(batch));
  await insertInBatches(reports, (batch) =>
    db.insert(releaseReports).values(batch).onConflictDoNothing(),
  );
  return views.length;
}
