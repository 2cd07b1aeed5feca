// What the canary guard does to the registry on its own: end a canary that fails or regressed,
// and note a verdict of the judge that changes nothing. Each is a compare-and-swap on the
// registry, so several host servers guarding at once change it once.
import { remoteApp, storeOf } from './actions.js';
import type { Where } from './actions.js';
import type { Change, JudgedMetric } from './registry.js';

/**
 * Ends `remote`'s canary of `version` because it fails (the canary guard): recorded as
 * `canary-rollback` with the figures in its reason. Null when that canary is no longer running
 * (another guard or a person ended it first).
 */
export async function abortCanary({
  dir,
  registry,
  remote,
  version,
  actor,
  reason,
  judgement,
}: Where & {
  remote: string;
  version: string;
  actor: string;
  reason: string;
  judgement?: JudgedMetric[] | undefined;
}): Promise<Change | null> {
  const app = remoteApp(remote);
  let ended: Change | null = null;
  try {
    ended = (
      await storeOf({ dir, registry }).update(actor, (current) => {
        const state = current.remotes[app.name];
        if (state?.canary?.version !== version) throw new NotRunning();
        delete state.canary;
        return {
          action: 'canary-rollback',
          remote: app.name,
          from: version,
          to: state.live ?? null,
          reason,
          ...(judgement ? { judgement } : {}),
        };
      })
    ).change;
  } catch (error) {
    if (!(error instanceof NotRunning)) throw error;
  }
  return ended;
}
class NotRunning extends Error {}

/** What the canary judge notes in the history without changing the canary. */
export type JudgementNote = 'canary-paused' | 'canary-passed';

/**
 * Notes a verdict of the canary judge that changes nothing (the split is broken, so judgement is
 * paused; the canary passed its budget of page views), once per canary: the history gets the
 * entry only if `remote`'s canary is still `version` and its latest note is not this one
 * already (several host servers may judge at once). Returns the entry, or null.
 */
export async function noteJudgement({
  dir,
  registry,
  remote,
  version,
  action,
  reason,
  judgement,
}: Where & {
  remote: string;
  version: string;
  action: JudgementNote;
  reason: string;
  judgement: JudgedMetric[];
}): Promise<Change | null> {
  const app = remoteApp(remote);
  try {
    return (
      await storeOf({ dir, registry }).update('canary judge', (current) => {
        if (current.remotes[app.name]?.canary?.version !== version) throw new NotRunning();
        const latest = current.history.findLast(
          (entry) =>
            entry.remote === app.name &&
            entry.from === version &&
            (entry.action === 'canary-paused' || entry.action === 'canary-passed'),
        );
        if (latest?.action === action) throw new NotRunning();
        return { action, remote: app.name, from: version, to: version, reason, judgement };
      })
    ).change;
  } catch (error) {
    if (!(error instanceof NotRunning)) throw error;
    return null;
  }
}
