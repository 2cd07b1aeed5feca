/** Dates as the market's screens write them: an offer's expiry, a reservation's end. */

// Made on first use, not when the module loads (the first date format of a page loads the locale data).
let dateTime: Intl.DateTimeFormat | undefined;

/** 'Nov 25, 2026, 6:10 PM' in the visitor's time zone; '—' for a date that cannot be read. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  dateTime ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return dateTime.format(date);
}

/** True while `iso` is a readable date after `now`. */
export function isFuture(iso: string | null | undefined, now: number = Date.now()): boolean {
  if (!iso) return false;
  const time = new Date(iso).getTime();
  return Number.isFinite(time) && time > now;
}
