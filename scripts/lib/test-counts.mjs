// Reads pass/fail counts from the output of the test runners this repository uses.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * @param {string} output a runner's whole output
 * @returns {{ passed: number, failed: number, skipped: number, found: boolean }}
 */
export function parseCounts(output) {
  const counts = { passed: 0, failed: 0, skipped: 0, found: false };
  for (const raw of output.split('\n')) {
    const line = raw.replace(ANSI, '').trim();
    // jest: "Tests:       1 failed, 2 skipped, 10 passed, 13 total"
    let m = /^Tests:\s+(.*\btotal)$/.exec(line);
    if (m) {
      counts.found = true;
      for (const [, n, kind] of m[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g))
        add(counts, kind, Number(n));
      continue;
    }
    // node --test: "# pass 21" (TAP) or "ℹ pass 21" (spec)
    m = /^(?:#|ℹ) (pass|fail|skipped|todo) (\d+)$/.exec(line);
    if (m) {
      counts.found = true;
      add(counts, m[1], Number(m[2]));
      continue;
    }
    // vitest: "Tests  1 failed | 10 passed (11)"
    m = /^Tests\s+(.*)\(\d+\)$/.exec(line);
    if (m) {
      counts.found = true;
      for (const [, n, kind] of m[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g))
        add(counts, kind, Number(n));
    }
  }
  return counts;
}

function add(counts, kind, n) {
  if (kind === 'pass' || kind === 'passed') counts.passed += n;
  else if (kind === 'fail' || kind === 'failed') counts.failed += n;
  else counts.skipped += n;
}

/**
 * The names of the tests a runner reported as failed, in the order it printed them, so that the
 * end of a long run says which test failed and not only how many:
 * node --test's spec summary ("✖ failing tests:" then "✖ name (12ms)"), TAP ("not ok 3 - name"),
 * jest ("● Suite › name") and vitest ("FAIL  file > name").
 * @param {string} output a runner's whole output
 * @returns {string[]}
 */
export function failedTestNames(output) {
  const names = [];
  let inNodeSummary = false;
  for (const raw of output.split('\n')) {
    const line = raw
      .replace(ANSI, '')
      .replace(/^\[[^\]]+\] /, '')
      .trim();
    if (line === '✖ failing tests:') {
      inNodeSummary = true;
      continue;
    }
    let m;
    if (inNodeSummary && (m = /^✖ (.+?)(?: \([\d.]+m?s\))?$/.exec(line))) names.push(m[1]);
    else if ((m = /^not ok \d+ - (.+?)(?: # .*)?$/.exec(line))) names.push(m[1]);
    else if ((m = /^● (?!Console\b)(.+ › .+)$/.exec(line))) names.push(m[1]);
    else if ((m = /^(?:×|FAIL)\s+(\S+\.(?:[cm]?[jt]sx?) > .+?)(?: \d+ms)?$/.exec(line)))
      names.push(m[1]);
  }
  return [...new Set(names)];
}
