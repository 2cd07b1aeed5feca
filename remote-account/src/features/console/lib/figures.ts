/** The console's reading of the figures: rates, units and what is in preview. */
import type { FieldVersionFigures } from '@hypertek/shared';
import { FUNNEL_RATES } from '@hypertek/shared/release-words';

import type { ReleaseChange } from '@hypertek/shared/contract';

type Rate = keyof typeof FUNNEL_RATES;

/** The funnel rates, in the console's words. */
export const RATE_LABELS: Record<Rate, string> = {
  'signup-started': 'Sign-up started',
  'signup-completed': 'Sign-up completion',
  'checkout-paid': 'Checkout conversion',
};
export const RATES = Object.keys(FUNNEL_RATES) as Rate[];

/** A rate of one version (a share, 0–1), or null when nobody reached its base step. */
export function rateOf(figures: FieldVersionFigures, rate: Rate): number | null {
  const base = figures.funnel[FUNNEL_RATES[rate]];
  return base > 0 ? figures.funnel[rate] / base : null;
}

export const percent = (share: number | null): string =>
  share === null ? '—' : `${Math.round(share * 1000) / 10}%`;

/** A vital's value as the console shows it: milliseconds, CLS to three places. */
export const vitalText = (name: string, value: number | null): string =>
  value === null ? '—' : name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;

export const count = (value: number): string => value.toLocaleString('en-US');

export const when = (iso: string): string =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }) + ' UTC';

const UNTIL = /^link until (\S+)$/;

/** The preview links of `remote` that have not expired at `now`, newest first. */
export function livePreviews(history: readonly ReleaseChange[], remote: string, now: number) {
  return history
    .filter((entry) => entry.remote === remote && entry.action === 'preview')
    .map((entry) => ({ entry, until: UNTIL.exec(entry.reason ?? '')?.[1] }))
    .filter(({ until }) => until !== undefined && Date.parse(until) > now)
    .map(({ entry, until = '' }) => ({ version: entry.to ?? '', by: entry.actor, until }))
    .reverse();
}

/**
 * A judged metric's value: a vital's p75 (`INP p75`, ms; CLS unitless), or a funnel rate
 * (`signup-completed rate`, a share) as a percent.
 */
export function judgedText(metric: string, value: number | null): string {
  const vital = /^(\w+) p75$/.exec(metric)?.[1];
  return vital === undefined ? percent(value) : vitalText(vital, value);
}

/**
 * How often an open console reads again (the releases, the field data, the verdict), while its
 * tab is shown. Each read of the releases is one authorisation the host's server asks of the API,
 * counted against RATE_LIMIT_RELEASE_AUTH_MAX (60 a minute per server by default): two a minute
 * per console leaves room for pipelines.
 */
export const REREAD_MS = 30_000;
