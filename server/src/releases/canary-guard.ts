// The canary guard: it rolls back a canary whose visitors see it fail, from the figures of the
// API's release reports.
import { abortCanary } from './actions.js';
import type { Change, LiveView, RegistryStore } from './registry.js';

/** A remote's figures for one version, from the API's release reports. */
export interface VersionFigures {
  version: string;
  visitors: number;
  failures: number;
  failureRate?: number;
  lastFailure?: string | null;
}
/** A remote's figures by version. */
export type ReleaseStats = (remote: string) => Promise<VersionFigures[]>;

/**
 * The canary guard: while a remote has a canary, reads its figures from the API's release reports
 * every `intervalMs` and rolls it back once `failures / visitors` passes its threshold with at
 * least its minimum of visitors. Recorded as `canary-rollback` by `canary guard`, with the
 * figures. Several host servers may run one each: the registry's compare-and-swap lets only the
 * first end it. Returns a stop function.
 */
export function startCanaryGuard({
  live,
  dir,
  registry,
  stats,
  intervalMs = 1_000,
  log = () => {},
  onRollback = () => {},
}: {
  live: LiveView;
  dir: string;
  registry: RegistryStore;
  stats: ReleaseStats;
  intervalMs?: number;
  log?: (line: string) => void;
  onRollback?: (change: Change) => void;
}): () => void {
  let busy = false;
  let lastProblem = '';
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const [remote, state] of Object.entries(live.current().remotes)) {
        const running = state?.canary;
        if (!running) continue;
        const figures = (await stats(remote)).find((row) => row.version === running.version);
        if (!figures || figures.visitors < running.minVisitors) continue;
        const rate = figures.failures / figures.visitors;
        if (rate <= running.threshold) continue;
        const reason = `failure rate ${Math.round(rate * 100)}% (${figures.failures} of ${figures.visitors} visitors) passed the threshold of ${Math.round(running.threshold * 100)}%`;
        const ended = await abortCanary({
          dir,
          registry,
          remote,
          version: running.version,
          actor: 'canary guard',
          reason,
        });
        if (ended) {
          log(`canary guard: ${remote} ${running.version} rolled back: ${reason}`);
          onRollback(ended);
          await live.refresh();
        }
      }
      lastProblem = '';
    } catch (error) {
      // Said once, not every second while the API is away.
      const problem = (error as Error).message;
      if (problem !== lastProblem) log(`canary guard: ${problem}`);
      lastProblem = problem;
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A remote's figures by version from the API's release reports (`GET …/releases/reports`, with
 * the release token): `[{ version, visitors, failures, failureRate, lastFailure }]`.
 */
export function releaseStatsFrom(
  apiBaseUrl: string,
  token: string,
  fetchImpl = fetch,
): ReleaseStats {
  const base = apiBaseUrl.replace(/\/+$/, '');
  return async (remote) => {
    const response = await fetchImpl(
      `${base}/releases/reports?remote=${encodeURIComponent(remote)}`,
      {
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(3_000),
      },
    );
    if (!response.ok) throw new Error(`the API's release reports answered ${response.status}`);
    return ((await response.json()) as { data: VersionFigures[] }).data;
  };
}
