/**
 * Reports of a remote's release to the API (`POST /releases/reports`), so that operators see each
 * version's visitors and failures and a failing canary is rolled back by itself
 * (docs/operations.md, "Shipping a remote"):
 * - a failure to load or render a remote, whatever its channel (tagged with its version);
 * - a successful load of a canary's or a preview's release (the live release's are not counted).
 * Once per remote and outcome per page load, without waiting for an answer (`keepalive`: a report
 * survives the page being left). The visitor is the host's server's visitor cookie, so each
 * visitor counts once however often they reload.
 */
import {
  api,
  getRuntimeConfig,
  visitorId,
  type ReleaseReport,
  type RemoteName,
} from '@hypertek/shared';

export type FailureStage = NonNullable<ReleaseReport['stage']>;

const sent = new Set<string>();
/**
 * Errors already reported as a failed load or refusal (the boundary sees them again as render
 * errors).
 */
const loadFailures = new WeakSet<object>();

function send(
  remote: RemoteName,
  outcome: Pick<ReleaseReport, 'outcome' | 'stage' | 'message'>,
): void {
  const release = getRuntimeConfig().releases?.[remote];
  const visitor = visitorId();
  if (!release || !visitor) return;
  const key = `${remote}:${outcome.outcome}`;
  if (sent.has(key)) return;
  sent.add(key);
  // Best effort (never a visitor's problem), through the client the API's document checks.
  void api.releases.report({
    remote,
    version: release.version,
    channel: release.channel,
    visitor,
    ...outcome,
  });
}

/** The remote's page module loaded. */
export function reportLoaded(remote: RemoteName): void {
  if (getRuntimeConfig().releases?.[remote]?.channel === 'live') return;
  send(remote, { outcome: 'loaded' });
}

/**
 * The remote failed to load (`load`), its code was refused for its bytes (`integrity`,
 * remote-integrity.ts), or it threw while rendering (`render`).
 */
export function reportFailed(remote: RemoteName, stage: FailureStage, error: unknown): void {
  if (error !== null && typeof error === 'object') {
    if (stage === 'render' && loadFailures.has(error)) return;
    if (stage !== 'render') loadFailures.add(error);
  }
  const message = error instanceof Error ? error.message : String(error);
  send(remote, { outcome: 'failed', stage, message: message.slice(0, 300) });
}
