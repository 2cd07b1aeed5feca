// The canary guard with the canary judge: a regression by a guardrail rolls the canary back with
// the verdict's figures in the history; a broken split and a passed budget are noted once and
// change nothing; a judge that cannot be reached changes nothing and is said once.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import { checkoutFigures, fakeBuild } from '../testing/release-fixtures.js';
import { canary, promote, publish } from './actions.js';
import { startCanaryGuard, type CanaryJudgement, type Verdict } from './canary-guard.js';
import { createLiveView, openRegistry, readRegistry } from './registry.js';

const work = mkdtempSync(join(tmpdir(), 'hypertek-guard-'));
after(() => rmSync(work, { recursive: true, force: true }));

const LIVE = '1.0.0+aaaaaaa';
const CANDIDATE = '1.1.0+bbbbbbb';
const INP = { metric: 'INP p75', maxWorse: 0.2 };

let dir = '';
/** A checkout with LIVE live and CANDIDATE in a 50% canary, in a new releases folder. */
beforeEach(async () => {
  dir = mkdtempSync(join(work, 'releases-'));
  const actor = 'pay-team';
  for (const version of [LIVE, CANDIDATE]) {
    await publish({ dir, remote: 'checkout', actor, buildDir: fakeBuild(work, version), version });
  }
  await promote({ dir, remote: 'checkout', version: LIVE, actor });
  await canary({ dir, remote: 'checkout', version: CANDIDATE, percent: 50, actor });
});

/** Runs the guard with this judge until `done` holds (or 3 s pass); the log lines. */
async function guardWith(judge: CanaryJudgement, done: () => boolean): Promise<string[]> {
  const registry = openRegistry({ dir, databaseUrl: '' });
  const live = createLiveView(registry, { checkMs: 0 });
  await live.refresh();
  const lines: string[] = [];
  const stop = startCanaryGuard({
    live,
    dir,
    registry,
    stats: () => Promise.resolve([checkoutFigures(CANDIDATE, 100, 0)]),
    judgement: judge,
    intervalMs: 20,
    judgeEveryMs: 20,
    log: (line) => lines.push(line),
  });
  const started = Date.now();
  while (!done() && Date.now() - started < 3_000) await new Promise((r) => setTimeout(r, 20));
  stop();
  await registry.close();
  return lines;
}

const history = () => readRegistry(dir).history.map((c) => [c.action, c.actor]);

void describe('the canary guard asks the canary judge', () => {
  void test('a regression rolls the canary back, the verdict and its figures in the history', async () => {
    const asked: Parameters<CanaryJudgement>[0][] = [];
    const regressed: Verdict = {
      decision: 'rollback',
      reason: 'INP p75 386 ms on the canary against 186 ms on live (+108%)',
      metrics: [{ ...INP, canary: 386, live: 186, worse: 1.08, status: 'regressed' }],
    };
    const lines = await guardWith(
      (question) => {
        asked.push(question);
        return Promise.resolve(regressed);
      },
      () => !readRegistry(dir).remotes.checkout?.canary,
    );
    assert.equal(readRegistry(dir).remotes.checkout?.canary, undefined, lines.join('\n'));
    assert.equal(readRegistry(dir).remotes.checkout?.live, LIVE);
    const last = readRegistry(dir).history.at(-1)!;
    assert.deepEqual(
      [last.action, last.actor, last.from, last.to, last.reason],
      ['canary-rollback', 'canary judge', CANDIDATE, LIVE, regressed.reason],
    );
    assert.deepEqual(last.judgement, regressed.metrics);
    assert.deepEqual(lines, [
      `canary judge: checkout ${CANDIDATE} rolled back: ${regressed.reason}`,
    ]);
    const [first] = asked;
    assert.deepEqual(
      { ...first, since: typeof first?.since },
      { remote: 'checkout', canary: CANDIDATE, live: LIVE, percent: 50, since: 'string' },
    );
  });

  void test('a broken split is noted once and pauses nothing else; then a pass is noted once', async () => {
    let verdict: Verdict = {
      decision: 'srm',
      reason: 'The split is not what was asked: 45% of 2000 visitors saw the canary',
      metrics: [],
    };
    let asked = 0;
    const judge: CanaryJudgement = () => {
      asked += 1;
      return Promise.resolve(verdict);
    };
    const lines = await guardWith(judge, () => asked >= 5);
    assert.ok(readRegistry(dir).remotes.checkout?.canary, 'the canary keeps running');
    const notes = () => history().filter(([action]) => action !== 'publish');
    assert.deepEqual(
      notes(),
      [
        ['promote', 'pay-team'],
        ['canary', 'pay-team'],
        ['canary-paused', 'canary judge'],
      ],
      `after ${asked} judgements: ${lines.join('\n')}`,
    );
    assert.equal(readRegistry(dir).history.at(-1)?.reason, verdict.reason);

    verdict = { decision: 'pass', reason: 'No guardrail worse than its tolerance', metrics: [] };
    asked = 0;
    await guardWith(judge, () => asked >= 5);
    assert.deepEqual(notes().slice(2), [
      ['canary-paused', 'canary judge'],
      ['canary-passed', 'canary judge'],
    ]);
    assert.ok(readRegistry(dir).remotes.checkout?.canary, 'a pass promotes nothing by itself');
  });

  void test('a judge that cannot be reached changes nothing, and is said once', async () => {
    let asked = 0;
    const lines = await guardWith(
      () => {
        asked += 1;
        return Promise.reject(new Error("the API's canary judge answered 503"));
      },
      () => asked >= 4,
    );
    assert.ok(readRegistry(dir).remotes.checkout?.canary);
    assert.deepEqual(
      lines,
      ["canary guard: the API's canary judge answered 503"],
      `${asked} asked`,
    );
  });
});
