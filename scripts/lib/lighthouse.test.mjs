// The pure part of the Lighthouse measurement, on real results: fixtures/lhr-land.json is a
// Lighthouse 13.5 mobile run of /land (served builds, seeded API) and fixtures/lhr-no-navstart.json
// a run that failed to record its trace, both trimmed by fixtures/trim-lhr.mjs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  DEFAULT_PAGES,
  DEFAULT_THRESHOLDS,
  cpuPressure,
  formatTable,
  median,
  resolveOptions,
  summarizePage,
  summarizeRun,
  tasksAtCpuTime,
  thresholdsFor,
  pageVerdict,
  verdict,
  verdictSettled,
} from './lighthouse.mjs';

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), 'utf8'));

test('median: the middle value, the mean of the middle two, null for none', () => {
  assert.equal(median([63, 92]), 77.5);
  assert.equal(median([90, 67, 75]), 75);
  assert.equal(median([0.276, 0.0015, 0.276]), 0.276);
  assert.equal(median([3, 1, 4, 1]), 2);
  assert.equal(median([null, 5, Number.NaN]), 5);
  assert.equal(median([]), null);
});

test('summarizeRun reads the figures of a real run of /land', () => {
  const run = summarizeRun(fixture('lhr-land'));
  assert.equal(run.url.endsWith('/land'), true);
  assert.equal(run.perf, 67);
  assert.equal(run.accessibility, 98);
  assert.equal(run.bestPractices, 100);
  assert.equal(run.lcpMs, 3541);
  assert.equal(run.tbtMs, 393);
  assert.equal(run.cls, 0.2761);
  assert.equal(run.fcpMs, 653);
  // The same total as Lighthouse's own resource summary (13 scripts, 190,010 bytes).
  assert.equal(run.jsBytes, 190010);
  assert.equal(run.jsRequests, 13);
  assert.equal(Math.round(run.benchmarkIndex), 3048);
});

test('summarizeRun gives the LCP element and its breakdown from the LCP insight', () => {
  const run = summarizeRun(fixture('lhr-land'));
  assert.equal(
    run.lcpElement.selector,
    'div.grid > article.card > div.mp-card-media > img.mp-item-image',
  );
  assert.match(run.lcpElement.snippet, /^<img class="mp-item-image"/);
  assert.equal(run.lcpElement.label, 'Cobalt Reach Arena Ground');
  assert.deepEqual(
    run.lcpBreakdown.map((s) => s.part),
    ['Time to first byte', 'Resource load delay', 'Resource load duration', 'Element render delay'],
  );
  assert.equal(run.lcpBreakdown[1].ms, 751);
});

test('summarizeRun lists where the time goes and what Lighthouse flags', () => {
  const run = summarizeRun(fixture('lhr-land'));
  assert.deepEqual(
    run.mainThread.map((g) => g.group),
    ['Other', 'Script Evaluation', 'Style & Layout', 'Rendering'],
  );
  assert.equal(run.mainThread[0].ms, 1472);
  // react-router's chunk: 41 of its 50 kB unused on this page.
  assert.deepEqual(
    run.unusedJs.map((s) => [s.url.replace(/^http:\/\/[^/]+/, ''), s.unusedBytes, s.bytes]),
    [
      ['/static/js/776.fa791bb90d.js', 41392, 49657],
      ['/static/js/435.25e058f644.js', 22364, 55776],
    ],
  );
  assert.equal(run.bootup.length, 4);
  assert.equal(run.bootup[0].url.endsWith('/land'), true);
  assert.equal(run.layoutShifts[0].selector, 'body > div#root > footer.footer');
  assert.equal(run.layoutShifts[0].score, 0.2746);
  assert.equal(run.diagnostics.tasksOver50ms, 2);
  assert.deepEqual(
    run.findings.map((f) => f.id),
    [
      'cls-culprits-insight',
      'lcp-discovery-insight',
      'unused-javascript',
      'mainthread-work-breakdown',
    ],
  );
  assert.deepEqual(run.failedAudits, [
    {
      category: 'accessibility',
      id: 'heading-order',
      title: 'Heading elements are not in a sequentially-descending order',
      element: 'section.container > div.grid > article.card > h3#mp-sell-title',
    },
  ]);
});

test('summarizeRun throws on a run whose trace was not recorded', () => {
  assert.throws(() => summarizeRun(fixture('lhr-no-navstart')), /NO_NAVSTART/);
});

/** A run as summarizeRun returns it, with the figures given. */
const run = (figures) => ({ ...summarizeRun(fixture('lhr-land')), ...figures });

test('summarizePage: each figure its own median; the printed run has the median score', () => {
  const page = summarizePage('/land', [
    run({ perf: 58, lcpMs: 3750, tbtMs: 681, cls: 0.2757 }),
    run({ perf: 72, lcpMs: 3460, tbtMs: 249, cls: 0.0015 }),
    run({ perf: 65, lcpMs: 3880, tbtMs: 376, cls: 0.2761 }),
  ]);
  assert.equal(page.runs, 3);
  assert.deepEqual(page.perfRuns, [58, 72, 65]);
  assert.equal(page.median.perf, 65);
  assert.equal(page.median.lcpMs, 3750);
  assert.equal(page.median.tbtMs, 376);
  assert.equal(page.median.cls, 0.2757);
  assert.equal(page.median.jsBytes, 190010);
  assert.equal(page.median.accessibility, 98);
  assert.equal(page.representative.perf, 65);
  assert.throws(() => summarizePage('/land', []), /no run/);
});

/** A run light enough for the time thresholds (TBT, main-thread work): the fixture's are not. */
const light = (figures) => run({ tbtMs: 90, mainThreadMs: 900, ...figures });
const page = (path, figures, extra = {}) => ({
  ...summarizePage(path, [light(figures)]),
  failedRuns: [],
  ...extra,
});

test('verdict: fails a median below the performance minimum or above the CLS, TBT or main-thread maximum', () => {
  const t = DEFAULT_THRESHOLDS;
  assert.deepEqual(verdict([page('/', { perf: 95, cls: 0.02 })], t), []);
  assert.deepEqual(verdict([page('/', { perf: 94, cls: 0.02 })], t), [
    '/: median performance 94 is below 95',
  ]);
  assert.deepEqual(verdict([page('/signin', { perf: 97, cls: 0.1021 })], t), [
    '/signin: median CLS 0.1021 is above 0.02',
  ]);
  assert.deepEqual(verdict([page('/signin', { perf: 97, cls: 0, tbtMs: 151 })], t), [
    '/signin: median TBT 151 ms is above 150 ms',
  ]);
  // The real /land run breaks all four; accessibility 98 is reported, not enforced by default.
  assert.deepEqual(verdict([summarizePage('/land', [run({})])], t), [
    '/land: median performance 67 is below 95',
    '/land: median CLS 0.2761 is above 0.02',
    '/land: median TBT 393 ms is above 150 ms',
    '/land: median main-thread work 2758 ms is above 2000 ms',
  ]);
  // 0 turns a time threshold off.
  assert.deepEqual(
    verdict([page('/', { perf: 96, cls: 0, tbtMs: 400, mainThreadMs: 3000 })], {
      ...t,
      maxTbtMs: 0,
      maxMainThreadMs: 0,
    }),
    [],
  );
});

test('verdict: stricter thresholds, opt-in category minimums, failed and missing runs', () => {
  const strict = { minPerf: 98, maxCls: 0.01, minAccessibility: 100, minBestPractices: 98 };
  assert.deepEqual(verdict([page('/', { perf: 97, cls: 0.03, bestPractices: 96 })], strict), [
    '/: median performance 97 is below 98',
    '/: median CLS 0.03 is above 0.01',
    '/: median accessibility 98 is below 100',
    '/: median best practices 96 is below 98',
  ]);
  assert.deepEqual(
    verdict(
      [page('/', { perf: 99, cls: 0 }, { failedRuns: ['run 2: Lighthouse: NO_NAVSTART'] })],
      DEFAULT_THRESHOLDS,
    ),
    ['/: 1 run(s) failed (run 2: Lighthouse: NO_NAVSTART)'],
  );
  assert.deepEqual(verdict([{ path: '/land', error: 'run 1: timeout' }], DEFAULT_THRESHOLDS), [
    '/land: not measured (run 1: timeout)',
  ]);
});

test('pageVerdict: a page passes when one of its runs meets every threshold; else its best run speaks', () => {
  const t = DEFAULT_THRESHOLDS;
  const good = light({ perf: 98, cls: 0.01, lcpMs: 1500, seo: 100 });
  const poor = light({ perf: 84, cls: 0.01, lcpMs: 1500, seo: 100 });
  const fair = light({ perf: 94, cls: 0.01, lcpMs: 1500, seo: 100 });
  assert.deepEqual(pageVerdict('/land', [poor, good, poor], [], t), [], 'one good run is enough');
  assert.deepEqual(pageVerdict('/land', [poor, fair, poor], ['run 3: timeout'], t), [
    '/land: no run of 3 met this; the best: performance 94 is below 95',
    '/land: 1 run(s) failed (run 3: timeout)',
  ]);
  // A run must meet every threshold at once: one fast but shifting, one steady but slow.
  const shifting = light({ perf: 99, cls: 0.3, lcpMs: 1500, seo: 100 });
  assert.deepEqual(pageVerdict('/land', [shifting, fair], [], t), [
    '/land: no run of 2 met this; the best: CLS 0.3 is above 0.02',
  ]);
  // An item page's own thresholds: LCP 2.1 s passes a list page, not an item page.
  const slowImage = light({ perf: 97, cls: 0.01, lcpMs: 2100, seo: 100 });
  assert.deepEqual(pageVerdict('/land', [slowImage], [], t), []);
  assert.deepEqual(pageVerdict('/buy-nfa?id=1', [slowImage], [], t), [
    '/buy-nfa?id=1: no run of 1 met this; the best: LCP 2100 ms is above 2000 ms',
  ]);
  assert.deepEqual(pageVerdict('/land', [], ['run 1: timeout'], t), [
    '/land: not measured (run 1: timeout)',
  ]);
});

test('verdictSettled: settled once a run meets every threshold; a failing page gets every run', () => {
  const t = DEFAULT_THRESHOLDS;
  const good = light({ perf: 96, cls: 0.01, lcpMs: 1500, seo: 100 });
  const poor = light({ perf: 94, cls: 0.01, lcpMs: 1500, seo: 100 });
  assert.equal(verdictSettled('/land', [], t), false, 'no run settles nothing');
  assert.equal(verdictSettled('/land', [good], t), true);
  assert.equal(verdictSettled('/land', [poor, good], t), true);
  assert.equal(verdictSettled('/land', [poor, poor], t), false);
});

test('resolveOptions: flags over environment over defaults; unusable values name the option', () => {
  const defaults = resolveOptions({}, {});
  assert.deepEqual(defaults.pages, DEFAULT_PAGES);
  assert.equal(defaults.runs, 3);
  assert.deepEqual(defaults.thresholds, DEFAULT_THRESHOLDS);

  const env = { LIGHTHOUSE_MIN_PERF: '80', LIGHTHOUSE_MAX_CLS: '0.1', LIGHTHOUSE_RUNS: '5' };
  const fromEnv = resolveOptions({}, env);
  assert.equal(fromEnv.thresholds.minPerf, 80);
  assert.equal(fromEnv.thresholds.maxCls, 0.1);
  assert.equal(fromEnv.runs, 5);

  const flags = resolveOptions(
    { 'min-perf': '95', 'max-cls': '0.02', runs: '1', pages: '/, /land' },
    env,
  );
  assert.equal(flags.thresholds.minPerf, 95);
  assert.equal(flags.thresholds.maxCls, 0.02);
  assert.equal(flags.runs, 1);
  assert.deepEqual(flags.pages, ['/', '/land']);

  assert.throws(() => resolveOptions({ 'min-perf': 'ninety' }, {}), /--min-perf/);
  assert.throws(() => resolveOptions({ 'max-cls': '-1' }, {}), /--max-cls/);
  assert.throws(() => resolveOptions({ runs: '0' }, {}), /--runs/);
  assert.throws(() => resolveOptions({ runs: '2.5' }, {}), /--runs/);
  assert.throws(() => resolveOptions({ pages: 'land' }, {}), /--pages: "land"/);
});

test('formatTable: one row of medians per page, an error row for a page not measured', () => {
  const table = formatTable([
    summarizePage('/land', [
      run({ otherClockPerf: 41, referenceMs: 261 }),
      run({ perf: 72, otherClockPerf: 45, referenceMs: 259 }),
      run({ perf: 58, otherClockPerf: 39, referenceMs: 263 }),
    ]),
    { path: '/signin', error: 'run 1: timeout' },
  ]).split('\n');
  assert.equal(table.length, 3);
  assert.match(
    table[0],
    /^page\s+perf\s+LCP s\s+TBT ms\s+main ms\s+CLS\s+JS kB\s+a11y\s+best pr\.\s+SEO\s+perf wall\s+ref ms\s+bench wall\s+CPU ×\s+perf runs$/,
  );
  assert.deepEqual(table[1].split(/\s+/), [
    '/land',
    '67',
    '3.54',
    '393',
    '2758',
    '0.276',
    '190',
    '98',
    '100',
    'n/a',
    '41',
    '261',
    '3048',
    'n/a',
    '67',
    '72',
    '58',
  ]);
  assert.match(table[2], /^\/signin\s+error/);
});

test('item pages are held to more: performance 95, LCP 2 s, CLS 0.02, SEO 100, whatever the run asks', () => {
  const base = { ...DEFAULT_THRESHOLDS };
  assert.deepEqual(thresholdsFor('/land', base), base);
  const item = thresholdsFor('/buy-land?id=165', base);
  assert.equal(item.minPerf, 95);
  assert.equal(item.maxLcpMs, 2000);
  assert.equal(item.maxCls, 0.02);
  assert.equal(item.minSeo, 100);
  // A stricter run stays stricter.
  assert.equal(
    thresholdsFor('/buy-nfa?id=1', { ...base, minPerf: 98, maxLcpMs: 1500 }).minPerf,
    98,
  );
  assert.equal(thresholdsFor('/buy-nfa?id=1', { ...base, maxLcpMs: 1500 }).maxLcpMs, 1500);

  const page = (path, figures) => summarizePage(path, [light(figures)]);
  const good = { perf: 96, cls: 0.01, lcpMs: 1800, seo: 100 };
  assert.deepEqual(verdict([page('/buy-nfa?id=1', good)], base), []);
  assert.deepEqual(verdict([page('/buy-nfa?id=1', { ...good, perf: 94 })], base), [
    '/buy-nfa?id=1: median performance 94 is below 95',
  ]);
  assert.deepEqual(verdict([page('/buy-nfa?id=1', { ...good, lcpMs: 2100 })], base), [
    '/buy-nfa?id=1: median LCP 2100 ms is above 2000 ms',
  ]);
  assert.deepEqual(verdict([page('/buy-nfa?id=1', { ...good, seo: 92 })], base), [
    '/buy-nfa?id=1: median SEO 92 is below 100',
  ]);
  assert.deepEqual(verdict([page('/buy-nfa?id=1', { ...good, cls: 0.03 })], base), [
    '/buy-nfa?id=1: median CLS 0.03 is above 0.02',
  ]);
  // The same figures on a list page pass its thresholds.
  assert.deepEqual(verdict([page('/land', { ...good, lcpMs: 2100, seo: 92 })], base), []);
});

test("cpuPressure reads the 'some' line of Linux's CPU pressure, and nothing from other text", () => {
  assert.deepEqual(
    cpuPressure(
      'some avg10=53.17 avg60=45.16 avg300=44.27 total=3386439519\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n',
    ),
    { avg10: 53.17, avg60: 45.16, avg300: 44.27 },
  );
  assert.equal(cpuPressure(''), null);
  assert.equal(cpuPressure('some avg10=x avg60=1 avg300=2'), null);
});

test('tasksAtCpuTime: each top-level task lasts its CPU time, its events moved inside it in proportion', () => {
  const main = { pid: 1, tid: 7 };
  const trace = [
    { ...main, ph: 'M', name: 'thread_name', args: { name: 'CrRendererMain' } },
    // A task the machine stretched: 400 µs of wall clock, 100 µs on a CPU.
    { ...main, ph: 'X', name: 'RunTask', ts: 1000, dur: 400, tdur: 100 },
    { ...main, ph: 'X', name: 'EvaluateScript', ts: 1000, dur: 400, tdur: 100 },
    { ...main, ph: 'X', name: 'FunctionCall', ts: 1200, dur: 200, tdur: 50 },
    { ...main, ph: 'I', name: 'largestContentfulPaint::Candidate', ts: 1300 },
    // A task that had its CPU: unchanged.
    { ...main, ph: 'X', name: 'RunTask', ts: 2000, dur: 80, tdur: 80 },
    { ...main, ph: 'X', name: 'Layout', ts: 2010, dur: 60, tdur: 60 },
    // No thread time recorded: unchanged.
    { ...main, ph: 'X', name: 'ThreadControllerImpl::RunTask', ts: 3000, dur: 90 },
    // Another thread at the same moment: untouched by the main thread's tasks.
    { pid: 1, tid: 9, ph: 'X', name: 'Paint', ts: 1100, dur: 300, tdur: 300 },
    { ...main, ph: 'I', name: 'navigationStart', ts: 900 },
  ];
  const out = tasksAtCpuTime(trace);
  const span = (i) => [out[i].ts, out[i].dur];
  assert.deepEqual(
    span(1),
    [1000, 100],
    'the stretched task keeps its start and lasts its CPU time',
  );
  assert.deepEqual(span(2), [1000, 100]);
  assert.deepEqual(span(3), [1050, 50], 'moved and shortened in proportion');
  assert.equal(out[4].ts, 1075, 'an instant inside the task moves with it');
  assert.deepEqual([...span(5), out[6].ts], [2000, 80, 2010], 'a task that had its CPU');
  assert.deepEqual(span(7), [3000, 90], 'no thread time: unchanged');
  assert.deepEqual(span(8), [1100, 300], 'other threads keep their times');
  assert.equal(out[9].ts, 900, 'what is outside every task stays');
  assert.equal(trace[1].dur, 400, 'the input is not changed');
});

test('tasksAtCpuTime: a child reaching past its task (a trace rounding) ends with it', () => {
  const e = { pid: 2, tid: 2 };
  const out = tasksAtCpuTime([
    { ...e, ph: 'X', name: 'RunTask', ts: 0, dur: 100, tdur: 20 },
    { ...e, ph: 'X', name: 'FunctionCall', ts: 50, dur: 60 },
  ]);
  assert.deepEqual([out[1].ts, out[1].dur], [10, 10]);
});

test('tasksAtCpuTime: a task recorded running into the next ends where the next starts, as Lighthouse reads it; the next keeps its own CPU time', () => {
  const e = { pid: 3, tid: 3 };
  const out = tasksAtCpuTime([
    { ...e, ph: 'X', name: 'RunTask', ts: 0, dur: 100_000, tdur: 20_000 },
    { ...e, ph: 'X', name: 'FunctionCall', ts: 10_000, dur: 40_000 },
    { ...e, ph: 'X', name: 'RunTask', ts: 90_000, dur: 200_000, tdur: 190_000 },
    { ...e, ph: 'X', name: 'EvaluateScript', ts: 95_000, dur: 150_000 },
  ]);
  const span = (i) => [Math.round(out[i].ts), Math.round(out[i].dur)];
  // The first: 90 ms of wall clock before the next starts, 20 ms of CPU.
  assert.deepEqual(span(0), [0, 20_000]);
  assert.deepEqual(span(1), [2222, 8889]);
  // The second is a long task still: 190 ms of CPU from its own start.
  assert.deepEqual(span(2), [90_000, 190_000]);
  assert.deepEqual(span(3), [94_750, 142_500]);
});

test('tasksAtCpuTime: a task with no CPU time keeps 1 µs (Lantern drops a task of none, and its events with it)', () => {
  const e = { pid: 4, tid: 4 };
  const out = tasksAtCpuTime([
    { ...e, ph: 'X', name: 'RunTask', ts: 0, dur: 500, tdur: 0 },
    { ...e, ph: 'X', name: 'Layout', ts: 100, dur: 200 },
  ]);
  assert.deepEqual([out[0].dur, out[1].ts, Math.round(out[1].dur * 10) / 10], [1, 0.2, 0.4]);
});
