/**
 * The host server's release endpoint (`/_release/*`, docs/operations.md, "The release endpoint"),
 * called with the staff member's sign-in token: the server asks the API whether their role may do
 * the action on the remote, and records their name in the registry's history. Same origin as the
 * page (the host's server answers it), so a plain `fetch` with the bearer. The shapes below are
 * what the server's registry and `status` answer (server/src/releases/registry.ts, actions.ts):
 * an app cannot import the server, so they are written again here, reading only what it shows.
 */
import { session, type CanaryVerdict } from '@hypertek/shared';

/** A canary, as the registry keeps it. */
export interface CanaryState {
  version: string;
  percent: number;
  threshold: number;
  minVisitors: number;
  startedAt: string;
}

/**
 * One guardrail's figures in a verdict the canary judge recorded: the judge's metric without its
 * test statistics.
 */
export type RecordedMetric = Pick<
  CanaryVerdict['metrics'][number],
  'metric' | 'canary' | 'live' | 'worse' | 'maxWorse'
> & { status: string };

/** One change of the registry's history. */
export interface HistoryEntry {
  revision: number;
  at: string;
  actor: string;
  action: string;
  remote: string;
  from: string | null;
  to: string | null;
  reason?: string;
  judgement?: RecordedMetric[];
}

/** A version's visitors and failures (the API's release reports, read by the server). */
export interface ReportFigures {
  version: string;
  visitors: number;
  failures: number;
  failureRate: number;
}

export interface RemoteStatus {
  remote: string;
  live: string | null;
  canary: CanaryState | null;
  releases: { version: string; publishedAt: string; publishedBy: string }[];
  /** The reports' figures, or why they could not be read. */
  versions?: ReportFigures[] | { error: string };
}

/** `GET /_release/status`: every remote's state and the latest changes. */
export interface ReleaseStatus {
  revision: number;
  remotes: RemoteStatus[];
  history: HistoryEntry[];
}

/** A refusal of the endpoint, with its status (401, 403 another team's remote, 409, …). */
export class ReleaseRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ReleaseRefusal';
  }
}

async function call<T>(
  method: 'GET' | 'POST',
  action: string,
  body?: object,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = {};
  const token = session.getToken();
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (body) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/_release/${action}`, {
    method,
    headers,
    cache: 'no-store',
    ...(body && { body: JSON.stringify(body) }),
    ...(signal && { signal }),
  });
  const answer = (await response.json().catch(() => null)) as
    ({ success?: boolean; message?: string } & T) | null;
  if (!response.ok || answer?.success !== true) {
    throw new ReleaseRefusal(
      answer?.message ?? `The release endpoint answered ${response.status}.`,
      response.status,
    );
  }
  return answer;
}

/** What each action sends. */
export type ReleaseAction =
  | { action: 'preview'; remote: string; version: string; minutes: number }
  | { action: 'canary'; remote: string; version: string; percent: number }
  | { action: 'promote'; remote: string; version: string }
  | { action: 'rollback'; remote: string; reason?: string };

/** What an action answers: a preview its link, the others the recorded change. */
export interface ActionAnswer {
  link?: string;
  expires?: string;
  change?: HistoryEntry;
}

export const releaseEndpoint = {
  status: (signal?: AbortSignal) => call<ReleaseStatus>('GET', 'status', undefined, signal),
  act: ({ action, ...body }: ReleaseAction) => call<ActionAnswer>('POST', action, body),
};
