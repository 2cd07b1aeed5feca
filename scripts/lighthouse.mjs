#!/usr/bin/env node
// Lighthouse mobile (its default: Moto G Power emulation, simulated slow 4G and 4× CPU slowdown) on
// the site's main pages, served from the production builds against the seeded API: N runs per page,
// each in a fresh Chromium, pages taken in turn (run 1 of every page, then run 2, …) so that a busy
// moment of the machine does not land on one page only. Prints the median performance score, LCP,
// TBT, CLS, JavaScript transferred, accessibility and best practices per page, the LCP element and
// what Lighthouse says costs the most; fails when a page's median breaks a threshold
// (docs/operations.md § Lighthouse).
//
//   npm run lighthouse                                    build if missing, serve, 5 pages × 3 runs
//   npm run lighthouse -- --pages /,/land --runs 5
//   npm run lighthouse -- --url http://localhost:3000     measure a running site
//   npm run lighthouse -- --min-perf 98 --max-tbt 100     stricter (or LIGHTHOUSE_MIN_PERF, …)
//   npm run lighthouse -- --json                          the figures as JSON on stdout
//   npm run lighthouse -- --save reports                  each run's HTML report and result JSON
//   npm run lighthouse -- --no-inp                        without the interactions' INP (lib/interactions.mjs)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from './lib/chromium.mjs';
import { INP_GOOD_MS, INTERACTIONS, measureInteraction, newSession } from './lib/interactions.mjs';
import {
  cpuPressure,
  DEFAULT_PAGES,
  DEFAULT_RUNS,
  formatTable,
  median,
  ITEM_PAGE_THRESHOLDS,
  kb,
  resolveOptions,
  summarizePage,
  summarizeRun,
  pageVerdict,
  tasksAtCpuTime,
  verdictSettled,
} from './lib/lighthouse.mjs';
import { seconds } from './lib/processes.mjs';
import {
  cpuSlowdownForReference,
  measureReference,
  REFERENCE_MS_AT_4X,
} from './lib/reference-work.mjs';
import { startStack } from './lib/stack.mjs';
import { pnpm } from './pnpm.mjs';
import { APPS, repoRoot } from '../server/src/apps.mjs';

const USAGE = `Usage: node scripts/lighthouse.mjs [options]
  --url URL                  measure a running site instead of serving the builds
  --pages /,/land            paths to measure (default ${DEFAULT_PAGES.join(',')})
  --runs N                   runs per page (default ${DEFAULT_RUNS}; LIGHTHOUSE_RUNS)
  --min-perf N               fail when no run reaches this performance score (default 95; LIGHTHOUSE_MIN_PERF)
  --max-cls N                … stays at or below this CLS (default 0.02; LIGHTHOUSE_MAX_CLS)
  --max-tbt MS               … this Total Blocking Time (default 150; LIGHTHOUSE_MAX_TBT_MS; 0: not checked)
  --max-main-thread MS       … this main-thread work (default 2000; LIGHTHOUSE_MAX_MAIN_THREAD_MS; 0: not checked)
  --min-accessibility N      … reaches this accessibility score (default off; LIGHTHOUSE_MIN_ACCESSIBILITY)
  --min-best-practices N     … reaches this best-practices score (default off; LIGHTHOUSE_MIN_BEST_PRACTICES)
  --min-seo N                … reaches this SEO score (default off; LIGHTHOUSE_MIN_SEO)
  --max-lcp MS               … this LCP in ms (default off; LIGHTHOUSE_MAX_LCP_MS)
                             (item pages, /buy-nfa?id= and /buy-land?id=, always need performance ≥ 95,
                             LCP ≤ 2000 ms, CLS ≤ 0.02 and SEO 100)
  --no-calibrate             Lighthouse's 4× CPU slowdown whatever the machine's speed (default:
                             calibrated to the reference page's CPU time; lib/reference-work.mjs)
  --clock cpu|wall           what a task lasts in the verdict's simulation: the CPU time its thread ran
                             (default; a busy machine's waits left out: tasksAtCpuTime in lib/lighthouse.mjs)
                             or the wall-clock time, as Lighthouse takes it (both are printed)
  --all-runs                 make every run of every page (default: a page's last runs are left out
                             once one of its runs met every threshold, which settles its verdict:
                             pageVerdict and verdictSettled in lib/lighthouse.mjs)
  --build / --no-build       always / never build the apps first (default: when a build is missing)
  --no-inp                   leave out the INP of three interactions (open the search, apply a catalogue
                             filter, open the buy dialog; lib/interactions.mjs), measured after the pages
  --max-inp MS               fail when an interaction's median INP is above (default 0: reported, not
                             checked; Web Vitals' "good" is ${INP_GOOD_MS}; LIGHTHOUSE_MAX_INP_MS)
  --save DIR                 write each run's HTML report and result JSON to DIR (lighthouse-reports/ is git-ignored)
  --json                     print the figures as JSON on stdout (the log goes to stderr)`;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    pages: { type: 'string' },
    runs: { type: 'string' },
    'min-perf': { type: 'string' },
    'max-cls': { type: 'string' },
    'max-tbt': { type: 'string' },
    'max-main-thread': { type: 'string' },
    'min-accessibility': { type: 'string' },
    'min-best-practices': { type: 'string' },
    'min-seo': { type: 'string' },
    'max-lcp': { type: 'string' },
    calibrate: { type: 'boolean', default: true },
    clock: { type: 'string', default: 'cpu' },
    'all-runs': { type: 'boolean', default: false },
    build: { type: 'boolean' },
    save: { type: 'string' },
    inp: { type: 'boolean', default: true },
    'max-inp': { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
  allowNegative: true,
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const out = values.json ? process.stderr : process.stdout;
const log = (line = '') => out.write(`[lighthouse] ${line}\n`);
const fail = (message, code = 2) => {
  console.error(`[lighthouse] error: ${message}`);
  process.exit(code);
};

let options;
try {
  options = resolveOptions(values);
} catch (error) {
  fail(`${error.message}\n${USAGE}`);
}
if (values.clock !== 'cpu' && values.clock !== 'wall')
  fail(`--clock: '${values.clock}' is neither cpu nor wall`);
const chromePath = findChromium();
if (!chromePath)
  fail('no Chromium found: set CHROME_PATH, or install one (`apt-get install -y chromium`)');

// The site: a running one, or the production builds served here with the seeded API.
let stack = null;
let chrome = null;
let stopping = false;
/** The running Lighthouse run's artifacts folder (removed when stopped mid-run too). */
let runDir = null;
const cleanUp = async () => {
  stopping = true;
  chrome?.kill();
  if (runDir) rmSync(runDir, { recursive: true, force: true });
  await stack?.close();
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));

const started = Date.now();
let base;
if (values.url) {
  base = values.url.replace(/\/+$/, '');
} else {
  const missing = APPS.filter((app) => !existsSync(join(repoRoot, app.dir, 'dist')));
  if (values.build === true || (values.build === undefined && missing.length > 0)) {
    log(
      values.build
        ? 'building the apps (--build)'
        : `building the apps (no build of ${missing.map((a) => a.dir).join(', ')})`,
    );
    const t = Date.now();
    // The build's output on stderr, so that --json's stdout stays JSON.
    const status = pnpm(['-r', '--workspace-concurrency=2', 'build'], { stdio: [0, 2, 2] });
    if (status !== 0) fail(`the build failed (exit ${status})`, 1);
    log(`build: done in ${seconds(Date.now() - t)}`);
  } else if (missing.length > 0) {
    fail(`no build of ${missing.map((a) => a.dir).join(', ')} (--no-build): build first`);
  }
  const t = Date.now();
  stack = await startStack({ apiOutput: process.stderr, log: () => {} });
  base = stack.siteUrl;
  log(`site served from the builds at ${base}, seeded API ready, in ${seconds(Date.now() - t)}`);
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Lighthouse's mobile default (slow 4G, 4× CPU), whose CPU factor each run calibrates. */
const MOBILE_THROTTLING = lighthouseConstants.throttling.mobileSlow4G;

/** The CPU slowdown now: the reference work, measured again when a minute old. */
let calibration = null;
async function cpuSlowdownNow() {
  if (!values.calibrate) return { cpuSlowdown: 4, reference: null };
  if (!calibration || Date.now() - calibration.at > 60_000)
    calibration = {
      at: Date.now(),
      reference: await measureReference({ executablePath: chromePath, args: CHROMIUM_FLAGS }),
    };
  return {
    cpuSlowdown: cpuSlowdownForReference(calibration.reference.ms),
    reference: calibration.reference,
  };
}

/**
 * One Lighthouse run in a fresh Chromium (fresh profile: empty cache, no service worker): the
 * page is loaded once (Lighthouse's gather, its artifacts in a temporary folder), then audited
 * twice from the same artifacts: as Lighthouse takes them (`wall`), and with each task of the
 * trace lasting the CPU time its thread ran (`tasksAtCpuTime`). `--clock` says which one is the
 * run's result; the other's performance score is printed beside it.
 */
async function lighthouseRun(url) {
  const { cpuSlowdown, reference } = await cpuSlowdownNow();
  const flags = {
    logLevel: 'error',
    output: 'html',
    onlyCategories: CATEGORIES,
    throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: cpuSlowdown },
  };
  const dir = mkdtempSync(join(tmpdir(), 'hypertek-lighthouse-'));
  runDir = dir;
  try {
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: CHROMIUM_FLAGS,
      handleSIGINT: false,
      logLevel: 'silent',
    });
    try {
      await lighthouse(url, { ...flags, port: chrome.port, gatherMode: dir });
    } finally {
      chrome.kill();
      chrome = null;
    }
    const audit = async () => {
      const result = await lighthouse(undefined, { ...flags, auditMode: dir });
      if (!result) throw new Error('Lighthouse returned no result');
      return result;
    };
    const wall = await audit();
    // A page that did not load (Lighthouse's runtime error: its trace is saved under another
    // name) fails here with Lighthouse's own words.
    const wallRun = summarizeRun(wall.lhr);
    const tracePath = join(dir, 'trace.json');
    const trace = JSON.parse(readFileSync(tracePath, 'utf8'));
    trace.traceEvents = tasksAtCpuTime(trace.traceEvents);
    writeFileSync(tracePath, JSON.stringify(trace));
    const cpu = await audit();
    const cpuRun = summarizeRun(cpu.lhr);
    const [chosen, run, other] =
      values.clock === 'wall' ? [wall, wallRun, cpuRun] : [cpu, cpuRun, wallRun];
    return {
      lhr: chosen.lhr,
      report: chosen.report,
      run: {
        ...run,
        otherClockPerf: other.perf,
        otherClock: { perf: other.perf, tbtMs: other.tbtMs, mainThreadMs: other.mainThreadMs },
        referenceMs: reference?.ms ?? null,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    runDir = null;
  }
}

// On a busy machine about one run in ten ends in Lighthouse's "Something went wrong with
// recording the trace … Please run Lighthouse again" (NO_NAVSTART): a run is tried up to this many
// times; the retries are reported, and a run that fails every time fails its page.
const ATTEMPTS = 3;
let retries = 0;
async function measure(url, label) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url);
    } catch (error) {
      if (attempt >= ATTEMPTS || stopping) throw error;
      retries++;
      log(`${label}: ${error.message} — trying again`);
    }
  }
}

const maxInpMs = Number(values['max-inp'] ?? process.env.LIGHTHOUSE_MAX_INP_MS ?? 0);
if (!Number.isFinite(maxInpMs) || maxInpMs < 0)
  fail(`--max-inp: '${values['max-inp']}' is not a duration in ms`);
/** @type {{ name: string, path: string, inpMs: number | null, runs: (number | null)[], cpuSlowdown: number }[] | null} */
let interactions = null;
/**
 * The INP of each interaction (lib/interactions.mjs), `options.runs` times each in a fresh
 * context, at the CPU slowdown calibrated just before (as a Lighthouse run's).
 */
async function measureInteractions() {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_FLAGS });
  try {
    const config = await (await fetch(`${base}/config.json`)).json();
    const session = await newSession(String(config.apiBaseUrl).replace(/\/+$/, ''));
    const measured = [];
    for (const interaction of INTERACTIONS) {
      const runs = [];
      const { cpuSlowdown } = await cpuSlowdownNow();
      for (let n = 1; n <= options.runs; n++) {
        try {
          const { inpMs, event, count } = await measureInteraction(
            browser,
            { siteUrl: base, session, cpuSlowdown },
            interaction,
          );
          runs.push(inpMs);
          log(
            `INP ${interaction.name} (${interaction.path}) run ${n}/${options.runs}: ${inpMs ?? '—'} ms (${event ?? 'no event'}; ${count} interaction(s)), CPU ×${cpuSlowdown}`,
          );
        } catch (error) {
          runs.push(null);
          log(
            `INP ${interaction.name} (${interaction.path}) run ${n}/${options.runs}: FAILED ${error.message.split('\n')[0]}`,
          );
        }
      }
      const known = runs.filter((ms) => typeof ms === 'number');
      measured.push({
        name: interaction.name,
        path: interaction.path,
        inpMs: known.length ? median(known) : null,
        runs,
        cpuSlowdown,
      });
    }
    return measured;
  } finally {
    await browser.close();
  }
}

const slug = (path) => path.replace(/^\/+/, '').replace(/[^a-z0-9]+/gi, '-') || 'home';
if (values.save) mkdirSync(resolve(values.save), { recursive: true });

log(
  `${options.pages.length} pages × ${options.runs} runs, Lighthouse mobile (simulated throttling), ${chromePath}`,
);
/** The machine's CPU pressure now, as a line for the log (Linux only; see cpuPressure). */
function pressureLine(when) {
  let text = '';
  try {
    text = readFileSync('/proc/pressure/cpu', 'utf8');
  } catch {
    return;
  }
  const p = cpuPressure(text);
  if (p)
    log(
      `machine ${when}: tasks waited for a CPU ${p.avg10}% of the last 10 s, ${p.avg60}% of the last minute (/proc/pressure/cpu)${p.avg60 > 10 ? ': a busy machine, whose figures measure it more than the pages' : ''}`,
    );
}
pressureLine('before the runs');
const runs = new Map(options.pages.map((p) => [p, { results: [], errors: [] }]));
let environment = null;
try {
  for (let n = 1; n <= options.runs; n++) {
    for (const path of options.pages) {
      if (stopping) break;
      const { results } = runs.get(path);
      if (!values['all-runs'] && verdictSettled(path, results, options.thresholds)) {
        log(
          `${path} run ${n}/${options.runs}: not needed (a run met every threshold: the page passes)`,
        );
        continue;
      }
      const t = Date.now();
      const label = `${path} run ${n}/${options.runs}`;
      try {
        const { lhr, report, run } = await measure(base + path, label);
        environment ??= {
          lighthouse: lhr.lighthouseVersion,
          browser: lhr.environment?.hostUserAgent,
          formFactor: lhr.configSettings?.formFactor,
          throttling: lhr.configSettings?.throttlingMethod,
        };
        if (values.save) {
          const file = join(resolve(values.save), `${slug(path)}-run${n}`);
          writeFileSync(`${file}.report.html`, report);
          writeFileSync(`${file}.json`, JSON.stringify(lhr));
        }
        runs.get(path).results.push(run);
        log(
          `${label}: perf ${run.perf}, LCP ${(run.lcpMs / 1000).toFixed(2)} s, TBT ${run.tbtMs} ms, CLS ${run.cls}, SEO ${run.seo}, JS ${kb(run.jsBytes)} kB, main thread ${run.mainThreadMs} ms (at ${values.clock === 'cpu' ? 'wall-clock' : 'CPU'} time: perf ${run.otherClock.perf}, TBT ${run.otherClock.tbtMs} ms, main thread ${run.otherClock.mainThreadMs} ms), reference ${run.referenceMs === null ? 'not measured' : `${Math.round(run.referenceMs)} ms`}, Lighthouse's benchmark ${Math.round(run.benchmarkIndex)}, CPU ×${run.cpuSlowdown} (${seconds(Date.now() - t)})`,
        );
        for (const warning of run.warnings) log(`  warning: ${warning}`);
      } catch (error) {
        runs.get(path).errors.push(`run ${n}: ${error.message}`);
        log(`${label}: FAILED ${error.message}`);
      }
    }
  }
  if (values.inp && !stopping) interactions = await measureInteractions();
} finally {
  await cleanUp();
}

const pages = options.pages.map((path) => {
  const { results, errors } = runs.get(path);
  if (results.length === 0) return { path, error: errors.join('; ') || 'not run' };
  return { ...summarizePage(path, results), failedRuns: errors };
});
const failures = options.pages.flatMap((path) => {
  const { results, errors } = runs.get(path);
  return pageVerdict(path, results, errors, options.thresholds);
});
for (const interaction of interactions ?? []) {
  if (interaction.inpMs === null) failures.push(`INP ${interaction.name}: nothing measured`);
  else if (maxInpMs > 0 && interaction.inpMs > maxInpMs)
    failures.push(
      `INP ${interaction.name}: median ${interaction.inpMs} ms is above ${maxInpMs} ms`,
    );
}

if (values.json) {
  console.log(
    JSON.stringify(
      {
        site: base,
        // What a task lasts in the verdict's figures: its thread's CPU time, or the wall clock.
        clock: values.clock,
        environment,
        runs: options.runs,
        retries,
        thresholds: options.thresholds,
        pages,
        interactions,
        failures,
      },
      null,
      2,
    ),
  );
} else {
  const t = options.thresholds;
  log();
  log(
    `median of ${options.runs} run${options.runs === 1 ? '' : 's'} per page${values['all-runs'] ? '' : ', or of those made once the verdict was settled (the perf runs column)'} (Lighthouse ${environment?.lighthouse ?? 'n/a'}, mobile); JS = script bytes transferred (kB = 1000 bytes); tasks counted in ${values.clock === 'cpu' ? "CPU time (the time their thread ran; perf wall = Lighthouse's score with wall-clock time, which a busy machine lowers)" : "wall-clock time, as Lighthouse counts them (perf cpu = the score with each task's CPU time)"}; ref ms = the reference page's CPU time (lib/reference-work.mjs; higher = slower or busier CPU); bench = Lighthouse's own CPU benchmark (wall-clock; printed, not used); CPU × = the CPU slowdown, 4 × ${REFERENCE_MS_AT_4X} ms / ref ms (1–8)`,
  );
  for (const line of formatTable(pages, values.clock).split('\n')) log(line);
  pressureLine('after the runs');
  log();
  for (const page of pages) {
    if ('error' in page) continue;
    const r = page.representative;
    const shortUrl = (url) => url.replace(/^https?:\/\/[^/]+/, '') || url;
    const list = (items) => items.join(' · ') || '—';
    log(`${page.path} (the run with the median performance score, ${r.perf})`);
    log(
      `  LCP element    ${r.lcpElement ? `${r.lcpElement.selector}  ${r.lcpElement.snippet}  "${r.lcpElement.label}"` : '—'}`,
    );
    log(`  LCP breakdown  ${list(r.lcpBreakdown.map((s) => `${s.part} ${s.ms} ms`))}`);
    log(`  main thread    ${list(r.mainThread.map((g) => `${g.group} ${g.ms} ms`))}`);
    log(`  JS CPU time    ${list(r.bootup.map((s) => `${shortUrl(s.url)} ${s.ms} ms`))}`);
    log(
      `  unused JS      ${list(r.unusedJs.map((s) => `${shortUrl(s.url)} ${kb(s.unusedBytes)} of ${kb(s.bytes)} kB`))}`,
    );
    log(
      `  tasks          ${r.diagnostics.tasksOver50ms ?? '?'} over 50 ms, ${r.diagnostics.tasksOver100ms ?? '?'} over 100 ms, ${r.diagnostics.totalTaskTimeMs ?? '?'} ms in all`,
    );
    log(`  layout shifts  ${list(r.layoutShifts.map((s) => `${s.selector} ${s.score}`))}`);
    log(
      `  to improve     ${list(r.findings.map((f) => `${f.title}${f.value ? ` (${f.value})` : ''}`))}`,
    );
    if (r.failedAudits.length > 0)
      log(
        `  a11y/best pr.  ${list(r.failedAudits.map((a) => `${a.id}${a.element ? ` (${a.element})` : ''}`))}`,
      );
  }
  for (const interaction of interactions ?? [])
    log(
      `INP ${interaction.name.padEnd(26)} ${interaction.path.padEnd(15)} median ${interaction.inpMs ?? '—'} ms (runs ${interaction.runs.map((ms) => ms ?? '—').join(', ')} ms; CPU ×${interaction.cpuSlowdown})`,
    );
  log(
    `thresholds (a page passes when one of its runs meets them all): performance ≥ ${t.minPerf}, CLS ≤ ${t.maxCls}${t.maxTbtMs ? `, TBT ≤ ${t.maxTbtMs} ms` : ''}${t.maxMainThreadMs ? `, main-thread work ≤ ${t.maxMainThreadMs} ms` : ''}${t.maxLcpMs ? `, LCP ≤ ${t.maxLcpMs} ms` : ''}${t.minAccessibility ? `, accessibility ≥ ${t.minAccessibility}` : ''}${t.minBestPractices ? `, best practices ≥ ${t.minBestPractices}` : ''}${t.minSeo ? `, SEO ≥ ${t.minSeo}` : ''}; item pages: performance ≥ ${ITEM_PAGE_THRESHOLDS.minPerf}, LCP ≤ ${ITEM_PAGE_THRESHOLDS.maxLcpMs} ms, CLS ≤ ${ITEM_PAGE_THRESHOLDS.maxCls}, SEO ≥ ${ITEM_PAGE_THRESHOLDS.minSeo}${interactions ? `; interactions: ${maxInpMs ? `INP ≤ ${maxInpMs} ms` : `INP not checked (good: ≤ ${INP_GOOD_MS} ms)`}` : ''}`,
  );
}
for (const failure of failures) console.error(`[lighthouse] FAIL ${failure}`);
log(
  `${failures.length === 0 ? 'ok' : `${failures.length} threshold(s) broken`}; ${retries} run(s) tried again; ${seconds(Date.now() - started)} in all`,
);
process.exit(failures.length === 0 ? 0 : 1);
