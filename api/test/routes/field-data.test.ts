/**
 * Field data (issue 29): `POST /releases/vitals` stores a page view's Web Vitals with the release
 * of each remote on the page; `POST /releases/funnel` counts a step once per visitor, step and
 * release; both take sendBeacon's text/plain, refuse malformed, oversized and flooding beacons
 * (4xx, nothing stored), and name nobody. `GET /releases/field` answers each version's figures and
 * `GET /releases/judgement` the canary judge's verdict, with the release token only. Old rows are
 * pruned.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { FIELD_MESSAGES } from '../../src/routes/field-data';
import { buildTestApp, json, type TestApp } from '../helpers';

const TOKEN = randomBytes(32).toString('hex');
const app = await buildTestApp(
  { after },
  { releaseToken: TOKEN, rateLimit: { fieldMax: 100_000 } },
);
const limited = await buildTestApp({ after }, { releaseToken: TOKEN, rateLimit: { fieldMax: 3 } });
/** An operator's small sample (JUDGE_MIN_CANARY_VIEWS=20, JUDGE_MIN_PER_SIDE=10): the e2e stack's. */
const smallSample = await buildTestApp(
  { after },
  {
    releaseToken: TOKEN,
    rateLimit: { fieldMax: 100_000 },
    judge: { minCanaryViews: 20, minPerSide: 10 },
  },
);
const auth = { authorization: `Bearer ${TOKEN}` };

const visitor = () => randomBytes(12).toString('base64url');
let versions = 0;
const newVersion = () => `3.${versions++}.0+${randomBytes(4).toString('hex')}`;

const beacon = (
  path: 'vitals' | 'funnel',
  body: unknown,
  target: TestApp = app,
  contentType = 'text/plain;charset=UTF-8',
) =>
  target.inject({
    method: 'POST',
    url: `/api/v1/releases/${path}`,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': contentType },
  });

const view = (version: string, inp: number, overrides: Record<string, unknown> = {}) => ({
  visitor: visitor(),
  route: '/funnel-page',
  releases: [
    { remote: 'marketing', version, channel: 'canary' },
    { remote: 'account', version: '1.0.0', channel: 'live' },
  ],
  vitals: { INP: inp, LCP: 1800, CLS: 0.01, FCP: 900, TTFB: 120 },
  ...overrides,
});

async function storedViews(version: string) {
  return app.database.rows<{
    visitor: string;
    route: string;
    inp: number;
    inp_remote: string | null;
  }>(
    sql`select visitor, route, inp, inp_remote from field_views
        where releases @> ${JSON.stringify([{ remote: 'marketing', version }])}::jsonb`,
  );
}

describe('POST /releases/vitals', () => {
  it('stores a page view sent as sendBeacon sends it (text/plain), or as JSON', async () => {
    const version = newVersion();
    const first = view(version, 180, { inpRemote: 'marketing' });
    assert.equal((await beacon('vitals', first)).statusCode, 202);
    const second = await beacon('vitals', view(version, 220), app, 'application/json');
    assert.equal(second.statusCode, 202, second.body);
    const rows = await storedViews(version);
    assert.equal(rows.length, 2);
    const stored = rows.find((row) => row.visitor === first.visitor);
    assert.deepEqual(stored, {
      visitor: first.visitor,
      route: '/funnel-page',
      inp: 180,
      inp_remote: 'marketing',
    });
  });

  it('refuses malformed beacons with the reason, and stores none of them', async () => {
    const version = newVersion();
    const cases: [unknown, RegExp | string][] = [
      ['{not json', /JSON/i],
      [view(version, 100, { vitals: {} }), FIELD_MESSAGES.vitalsEmpty],
      [view(version, -5), /INP/],
      [view(version, 100, { vitals: { INP: 100, FID: 3 } }), /FID|additional/i],
      [view(version, 100, { route: '/buy-nfa?id=1&email=someone@example.com' }), /route/],
      [view(version, 100, { visitor: 'someone@example.com' }), /visitor/],
      [view(version, 100, { email: 'someone@example.com' }), /email|additional/i],
      [
        view(version, 100, {
          releases: [
            { remote: 'marketing', version, channel: 'canary' },
            { remote: 'marketing', version, channel: 'live' },
          ],
        }),
        FIELD_MESSAGES.releasesOnce,
      ],
      [view(version, 100, { releases: [{ remote: 'nope', version, channel: 'live' }] }), /remote/],
    ];
    for (const [body, expected] of cases) {
      const answer = await beacon('vitals', body);
      assert.equal(answer.statusCode, 400, `${JSON.stringify(body)} → ${answer.body}`);
      const message = json(answer).message as string;
      if (typeof expected === 'string') assert.equal(message, expected);
      else assert.match(message, expected);
    }
    assert.equal((await storedViews(version)).length, 0);
  });

  it('refuses a beacon over 4 kB (413), and a flood from one address (429)', async () => {
    const version = newVersion();
    const big = view(version, 100, { route: `/${'a'.repeat(150)}`, padding: 'x'.repeat(5000) });
    assert.equal((await beacon('vitals', big)).statusCode, 413);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await beacon('vitals', view(version, 100), limited)).statusCode);
    assert.deepEqual(statuses, [202, 202, 202, 429, 429], `saw ${statuses.join(', ')}`);
  });
});

describe('POST /releases/funnel', () => {
  it('counts a step once per visitor and release, whatever the repeats', async () => {
    const version = newVersion();
    const who = visitor();
    const step = {
      visitor: who,
      step: 'signup-started',
      releases: [{ remote: 'marketing', version, channel: 'canary' }],
    };
    for (let i = 0; i < 3; i++) assert.equal((await beacon('funnel', step)).statusCode, 202);
    await beacon('funnel', { ...step, visitor: visitor() });
    await beacon('funnel', { ...step, step: 'signup-completed' });
    const figures = json(
      await app.inject({ url: '/api/v1/releases/field?remote=marketing', headers: auth }),
    );
    // No page view of this version yet: the funnel is read per version seen in page views.
    assert.equal(
      figures.data.some((v: { version: string }) => v.version === version),
      false,
    );
    const rows = await app.database.rows<{ step: string; n: number }>(
      sql`select step, count(*)::int as n from funnel_steps where version = ${version} group by step order by step`,
    );
    assert.deepEqual(rows, [
      { step: 'signup-completed', n: 1 },
      { step: 'signup-started', n: 2 },
    ]);
    const unknown = await beacon('funnel', { ...step, step: 'bought-a-yacht' });
    assert.equal(unknown.statusCode, 400);
  });
});

describe('GET /releases/field and /releases/judgement', () => {
  it('need the release token', async () => {
    for (const url of [
      '/api/v1/releases/field?remote=marketing',
      '/api/v1/releases/judgement?remote=marketing&canary=1.1.0&live=1.0.0&percent=50',
    ]) {
      assert.equal((await app.inject({ url })).statusCode, 401, url);
      assert.equal(
        (await app.inject({ url, headers: { authorization: 'Bearer nope' } })).statusCode,
        401,
      );
    }
  });

  it('a canary whose INP is much worse than live is judged a rollback, with its figures', async () => {
    const canary = newVersion();
    const live = newVersion();
    const post = async (version: string, channel: string, inp: number, who: string) =>
      beacon(
        'vitals',
        view(version, inp, {
          visitor: who,
          releases: [{ remote: 'marketing', version, channel }],
        }),
      );
    for (let i = 0; i < 220; i++) {
      await post(canary, 'canary', 350 + (i % 50), visitor());
      await post(live, 'live', 150 + (i % 50), visitor());
    }
    const funnelFor = async (
      version: string,
      channel: string,
      started: number,
      completed: number,
    ) => {
      for (let i = 0; i < started; i++) {
        const who = visitor();
        const releases = [{ remote: 'marketing', version, channel }];
        await beacon('funnel', { visitor: who, step: 'signup-started', releases });
        if (i < completed)
          await beacon('funnel', { visitor: who, step: 'signup-completed', releases });
      }
    };
    await funnelFor(canary, 'canary', 60, 30);
    await funnelFor(live, 'live', 60, 36);

    const figures = json(
      await app.inject({ url: '/api/v1/releases/field?remote=marketing', headers: auth }),
    );
    const canaryFigures = figures.data.find((v: { version: string }) => v.version === canary);
    assert.equal(canaryFigures.views, 220);
    assert.equal(canaryFigures.visitors, 220);
    assert.equal(canaryFigures.channel, 'canary');
    assert.equal(canaryFigures.p75.INP, 386);
    assert.equal(canaryFigures.funnel['signup-started'], 60);
    assert.equal(canaryFigures.funnel['signup-completed'], 30);

    const answer = await app.inject({
      url: `/api/v1/releases/judgement?remote=marketing&canary=${encodeURIComponent(canary)}&live=${encodeURIComponent(live)}&percent=50`,
      headers: auth,
    });
    assert.equal(answer.statusCode, 200, answer.body);
    const { verdict } = json(answer);
    assert.equal(verdict.decision, 'rollback', verdict.reason);
    assert.match(verdict.reason, /^INP p75 386 ms on the canary against 186 ms on live \(\+108%\)/);
    const completion = verdict.metrics.find(
      (m: { metric: string }) => m.metric === 'signup-completed rate',
    );
    assert.equal(completion.canary, 0.5);
    assert.equal(completion.live, 0.6);

    const same = await app.inject({
      url: `/api/v1/releases/judgement?remote=marketing&canary=${encodeURIComponent(live)}&live=${encodeURIComponent(live)}&percent=50`,
      headers: auth,
    });
    assert.equal(same.statusCode, 400);
    assert.equal(json(same).message, FIELD_MESSAGES.sameVersions);
  });

  it('judges each remote by its own guardrails (its release settings)', async () => {
    const metricsOf = async (remote: string) => {
      const answer = await app.inject({
        url: `/api/v1/releases/judgement?remote=${remote}&canary=${encodeURIComponent(newVersion())}&live=${encodeURIComponent(newVersion())}&percent=10`,
        headers: auth,
      });
      assert.equal(answer.statusCode, 200, answer.body);
      const { verdict } = json(answer) as {
        verdict: {
          decision: string;
          reason: string;
          metrics: { metric: string; maxWorse: number }[];
        };
      };
      assert.equal(verdict.decision, 'wait', verdict.reason);
      return verdict.metrics.map((m) => [m.metric, m.maxWorse]);
    };
    assert.deepEqual(await metricsOf('checkout'), [
      ['INP p75', 0.2],
      ['checkout-paid rate', 0.1],
    ]);
    assert.deepEqual(await metricsOf('marketing'), [
      ['INP p75', 0.2],
      ['LCP p75', 0.2],
      ['signup-started rate', 0.1],
      ['signup-completed rate', 0.1],
    ]);
    assert.deepEqual(await metricsOf('marketplace'), [
      ['INP p75', 0.2],
      ['LCP p75', 0.2],
    ]);
  });

  it("judges on the operator's minimum sample: a verdict at 20 canary page views, not before", async () => {
    const canary = newVersion();
    const live = newVersion();
    const judgement = async (target: TestApp) => {
      const answer = await target.inject({
        url: `/api/v1/releases/judgement?remote=marketing&canary=${encodeURIComponent(canary)}&live=${encodeURIComponent(live)}&percent=50`,
        headers: auth,
      });
      assert.equal(answer.statusCode, 200, answer.body);
      return json(answer).verdict as { decision: string; reason: string };
    };
    const post = (version: string, channel: string, inp: number) =>
      beacon(
        'vitals',
        view(version, inp, { releases: [{ remote: 'marketing', version, channel }] }),
        smallSample,
      );
    for (let i = 0; i < 19; i++) {
      await post(canary, 'canary', 300 + i);
      await post(live, 'live', 40 + i);
    }
    const waiting = await judgement(smallSample);
    assert.equal(waiting.decision, 'wait');
    assert.equal(waiting.reason, '19 of the 20 canary page views needed before a verdict');
    await post(canary, 'canary', 320);
    await post(live, 'live', 60);
    const verdict = await judgement(smallSample);
    assert.equal(verdict.decision, 'rollback', verdict.reason);
    assert.match(verdict.reason, /^INP p75 \d+ ms on the canary against \d+ ms on live/);
  });

  it('prunes what is older than the retention', async () => {
    const version = newVersion();
    assert.equal((await beacon('vitals', view(version, 100))).statusCode, 202);
    await app.database.rows(
      sql`update field_views set received_at = now() - interval '400 days'
          where releases @> ${JSON.stringify([{ remote: 'marketing', version }])}::jsonb`,
    );
    const pruned = await app.fieldDataRepository.prune(new Date(Date.now() - 30 * 86_400_000));
    assert.ok(pruned.views >= 1, JSON.stringify(pruned));
    assert.equal((await storedViews(version)).length, 0);
  });
});
