// The canary guard: it rolls back a canary whose visitors see it fail (the API's release reports)
// or whose visitors fare worse than the live release's by a guardrail (the API's canary judge).
import type {
  CanaryVerdict,
  ReleaseReportsAnswer,
  ReleaseVersionFigures,
} from '@hypertek/shared/contract/release-status';
import { abortCanary, noteJudgement } from './guard-actions.js';
import type { Canary, Change, JudgedMetric, LiveView, RegistryStore } from './registry.js';

/** A remote's figures by version (the API's release reports). */
export type ReleaseStats = (remote: string) => Promise<ReleaseVersionFigures[]>;

/** What the guard reads of the canary judge's verdict (the API's `GET /releases/judgement`). */
export type Verdict = Pick<CanaryVerdict, 'decision' | 'reason'> & { metrics: JudgedMetric[] };
/** Asks the judge about a remote's canary against its live release. */
export type CanaryJudgement = (question: {
  remote: string;
  canary: string;
  live: string;
  percent: number;
  since: string;
}) => Promise<Verdict>;

/** Why a canary's failures roll it back, or null while they do not. */
function failureReason(running: Canary, figures: ReleaseVersionFigures | undefined): string | null {
  if (!figures || figures.visitors < running.minVisitors) return null;
  const rate = figures.failures / figures.visitors;
  if (rate <= running.threshold) return null;
  return `failure rate ${Math.round(rate * 100)}% (${figures.failures} of ${figures.visitors} visitors) passed the threshold of ${Math.round(running.threshold * 100)}%`;
}

/** The judge's verdicts the history notes without changing the canary. */
const NOTED = { srm: 'canary-paused', pass: 'canary-passed' } as const;

/**
 * The canary guard: while a remote has a canary, every `intervalMs`
 * - reads its figures from the API's release reports and rolls it back once
 *   `failures / visitors` passes its threshold with at least its minimum of visitors
 *   (`canary-rollback` by `canary guard`, with the figures);
 * - asks the canary judge (when given) to compare the canary's visitors with the live release's,
 *   by the remote's guardrails: a regression rolls it back (`canary-rollback` by `canary judge`,
 *   the verdict's reason and figures in the history); a broken split (sample-ratio mismatch)
 *   and a passed budget are noted once (`canary-paused`, `canary-passed`), and change nothing.
 * A canary is judged every `judgeEveryMs` (a judgement reads up to thousands of page views).
 * Several host servers may run one each: the registry's compare-and-swap lets only the first end
 * a canary. Returns a stop function.
 */
export function startCanaryGuard({
  live,
  dir,
  registry,
  stats,
  judgement,
  intervalMs = 1_000,
  judgeEveryMs = 15_000,
  log = () => {},
  onRollback = () => {},
}: {
  live: LiveView;
  dir: string;
  registry: RegistryStore;
  stats: ReleaseStats;
  judgement?: CanaryJudgement;
  intervalMs?: number;
  /** How often a canary is judged: each judgement reads up to thousands of page views. */
  judgeEveryMs?: number;
  log?: (line: string) => void;
  onRollback?: (change: Change) => void;
}): () => void {
  let busy = false;
  /** The last problem of each of the API's calls: said once, not every second while it lasts. */
  const problems = new Map<string, string>();
  const attempt = async <T>(call: string, fn: () => Promise<T>): Promise<T | undefined> => {
    try {
      const result = await fn();
      problems.delete(call);
      return result;
    } catch (error) {
      const problem = (error as Error).message;
      if (problems.get(call) !== problem) log(`canary guard: ${problem}`);
      problems.set(call, problem);
      return undefined;
    }
  };
  /** When each canary (remote and version) was last judged. */
  const judged = new Map<string, number>();
  const rollBack = async (
    remote: string,
    version: string,
    actor: string,
    reason: string,
    figures?: JudgedMetric[],
  ) => {
    const where = { dir, registry, remote, version };
    const ended = await abortCanary({ ...where, actor, reason, judgement: figures });
    if (!ended) return;
    log(`${actor}: ${remote} ${version} rolled back: ${reason}`);
    onRollback(ended);
    await live.refresh();
  };
  /** Whether a canary is due to be judged (and, if so, marks it judged now). */
  const due = (canary: string) => {
    if (!judgement || Date.now() - (judged.get(canary) ?? -Infinity) < judgeEveryMs) return false;
    judged.set(canary, Date.now());
    return true;
  };
  const judge = async (remote: string, running: Canary, liveVersion: string) => {
    if (!judgement) return;
    const verdict = await judgement({
      remote,
      canary: running.version,
      live: liveVersion,
      percent: running.percent,
      since: running.startedAt,
    });
    if (verdict.decision === 'rollback') {
      await rollBack(remote, running.version, 'canary judge', verdict.reason, verdict.metrics);
    } else if (verdict.decision === 'srm' || verdict.decision === 'pass') {
      const noted = await noteJudgement({
        dir,
        registry,
        remote,
        version: running.version,
        action: NOTED[verdict.decision],
        reason: verdict.reason,
        judgement: verdict.metrics,
      });
      if (noted)
        log(`canary judge: ${remote} ${running.version} ${noted.action}: ${verdict.reason}`);
    }
  };
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const [remote, state] of Object.entries(live.current().remotes)) {
        const running = state?.canary;
        if (!running) continue;
        const failing = await attempt('release reports', async () => {
          const figures = (await stats(remote)).find((row) => row.version === running.version);
          const reason = failureReason(running, figures);
          if (reason !== null) await rollBack(remote, running.version, 'canary guard', reason);
          return reason;
        });
        const liveVersion = state.live;
        if (failing === null && liveVersion && due(`${remote} ${running.version}`)) {
          await attempt('canary judge', () => judge(remote, running, liveVersion));
        }
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The API's release reads the guard needs, with the release token:
 * - `stats`: a remote's figures by version from the release reports (`GET …/releases/reports`):
 *   `[{ version, visitors, failures, failureRate, lastFailure }]`;
 * - `judgement`: the canary judge's verdicts (`GET …/releases/judgement`); the API judges by the
 *   remote's guardrails (the release words' `REMOTE_GUARDRAILS`).
 */
export function releaseReadsFrom(
  apiBaseUrl: string,
  token: string,
  fetchImpl = fetch,
): { stats: ReleaseStats; judgement: CanaryJudgement } {
  const base = apiBaseUrl.replace(/\/+$/, '');
  const read = async (path: string, what: string): Promise<unknown> => {
    const response = await fetchImpl(`${base}${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`the API's ${what} answered ${response.status}`);
    return response.json();
  };
  return {
    stats: async (remote) => {
      const path = `/releases/reports?remote=${encodeURIComponent(remote)}`;
      return ((await read(path, 'release reports')) as ReleaseReportsAnswer).data;
    },
    judgement: async (question) => {
      const query = new URLSearchParams({ ...question, percent: String(question.percent) });
      const path = `/releases/judgement?${query.toString()}`;
      return ((await read(path, 'canary judge')) as { verdict: Verdict }).verdict;
    },
  };
}
