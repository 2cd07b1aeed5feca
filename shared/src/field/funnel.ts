/**
 * The funnel's steps as the pages reach them (docs/operations.md, "Field data"): each step is
 * sent once per page load to `POST /releases/funnel` (a beacon), with the visitor's random id and
 * the release of the remote that owns the step, so each step's rate is known per version. Best
 * effort and silent: it never throws, never waits, and does nothing without a visitor id or
 * without a release of that remote on the page (a remote served in place has no version to
 * count).
 */
import { api } from '../api/endpoints';
import { getRuntimeConfig, type RemoteName } from '../config/runtime-config';
import type { FUNNEL_STEPS } from '../contract/release-words.mjs';
import { visitorId } from './visitor-id';

export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The remote whose pages reach each step: its release is the one the step counts for. */
export const FUNNEL_STEP_REMOTES = {
  'funnel-viewed': 'marketing',
  'signup-started': 'account',
  'signup-completed': 'account',
  'checkout-opened': 'checkout',
  'checkout-paid': 'checkout',
} as const satisfies Record<FunnelStep, RemoteName>;

const reached = new Set<FunnelStep>();

/** WARNING: for tests only (`recordFunnelSteps`): every step counts as not sent yet. */
export function forgetFunnelSteps(): void {
  reached.clear();
}

/** The visitor reached `step` (once per page load; later calls do nothing). */
export function reportFunnelStep(step: FunnelStep): void {
  try {
    if (reached.has(step)) return;
    const remote = FUNNEL_STEP_REMOTES[step];
    const release = getRuntimeConfig().releases?.[remote];
    const visitor = visitorId();
    if (!release || !visitor) return;
    reached.add(step);
    void api.releases.funnel({
      visitor,
      step,
      releases: [{ remote, version: release.version, channel: release.channel }],
    });
  } catch {
    // A step that cannot be counted is never the visitor's problem.
  }
}
