import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failedTestNames, parseCounts } from './test-counts.mjs';

test('node --test spec output: the counts and the failing tests named in its summary', () => {
  const output = [
    '▶ market',
    '  ✔ lists an item (12.5ms)',
    '  ✖ two accepts race (403.1ms)',
    '    AssertionError: expected 200 or 409, got 500',
    '✖ market (420ms)',
    'ℹ tests 2',
    'ℹ pass 1',
    'ℹ fail 1',
    '',
    '✖ failing tests:',
    '',
    'test at test/routes/market.test.ts:562:3',
    '✖ two accepts race (403.1ms)',
    '  AssertionError [ERR_ASSERTION]: expected 200 or 409, got 500',
  ].join('\n');
  assert.deepEqual(parseCounts(output), { passed: 1, failed: 1, skipped: 0, found: true });
  // Before the summary, "✖" lines are progress (and the failing suite's own line); only the summary
  // names each failing test once.
  assert.deepEqual(failedTestNames(output), ['two accepts race']);
});

test('TAP, jest and vitest failures, prefixed as scripts/test.mjs streams them', () => {
  const output = [
    '[@hypertek/api] not ok 7 - refuses a second settlement # time=12ms',
    '[@hypertek/host]   ● Header › opens the search',
    '[@hypertek/host]   ● Console',
    '[x] FAIL  src/a.test.ts > grid > keeps rows 13ms',
    '\x1b[31m  ● Signup form › shows "Email is required"\x1b[39m',
  ].join('\n');
  assert.deepEqual(failedTestNames(output), [
    'refuses a second settlement',
    'Header › opens the search',
    'src/a.test.ts > grid > keeps rows',
    'Signup form › shows "Email is required"',
  ]);
});

test('a passing run names no test', () => {
  assert.deepEqual(failedTestNames('✔ a (1ms)\nℹ pass 1\nℹ fail 0\nTests: 3 passed, 3 total'), []);
});
