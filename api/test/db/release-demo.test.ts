/**
 * The releases' demo field data (a live demo of the console): the seeded database holds each demo
 * version's page views, funnel and reports, read back as the console reads them, and its judge
 * finds the demo canaries worse than live.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { DEMO_VERSIONS } from '../../src/db/seed/release-demo';
import { buildTestApp, json, signup } from '../helpers';

const TOKEN = randomBytes(32).toString('hex');
const app = await buildTestApp({ after }, { releaseToken: TOKEN });
const user = await signup(app);
await app.releaseTokensRepository.grantStaffRole(user.user._id, 'marketing');

interface Figures {
  version: string;
  channel: string;
  views: number;
  visitors: number;
  p75: Record<string, number | null>;
  funnel: Record<string, number>;
}

void describe("the releases' demo field data", () => {
  it('gives the console every demo version of every remote, with vitals and its funnel', async () => {
    for (const demo of DEMO_VERSIONS) {
      const response = await app.inject({
        url: `/api/v1/releases/field?remote=${demo.remote}`,
        headers: user.auth,
      });
      assert.equal(response.statusCode, 200, response.body);
      const figures = (json(response).data as Figures[]).find(
        (f) => f.version === demo.version && f.channel === demo.channel,
      );
      assert.ok(figures, `${demo.remote} ${demo.version} ${demo.channel}`);
      assert.equal(figures.views, demo.views);
      assert.ok(figures.visitors > 0 && figures.visitors < demo.views);
      // Above the median it was drawn around (a handful of preview views may not be).
      if (demo.views >= 50) assert.ok((figures.p75.INP ?? 0) > demo.inp, 'p75 above the median');
      if (demo.funnel['signup-started'] !== undefined)
        assert.ok((figures.funnel['signup-completed'] ?? 0) > 0);
    }
    const reports = await app.inject({
      url: '/api/v1/releases/reports?remote=marketing',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const versions = (json(reports).data as { version: string; visitors: number }[]).map(
      (v) => v.version,
    );
    for (const demo of DEMO_VERSIONS.filter((d) => d.remote === 'marketing'))
      assert.ok(versions.includes(demo.version), demo.version);
  });

  it("the judge finds the marketing demo canary's INP beyond its guardrail", async () => {
    const response = await app.inject({
      url: '/api/v1/releases/judgement?remote=marketing&canary=1.5.0%2Be3a9b62&live=1.3.0%2B8c41f07&percent=38',
      headers: user.auth,
    });
    assert.equal(response.statusCode, 200, response.body);
    const { verdict } = json(response);
    const inp = verdict.metrics.find((m: { metric: string }) => m.metric.startsWith('INP'));
    assert.equal(inp.status, 'regressed', JSON.stringify(verdict));
  });
});
