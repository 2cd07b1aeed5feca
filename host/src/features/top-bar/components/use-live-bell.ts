import { everyEvent, useMarketBursts } from '@hypertek/shared/data';
import { useEffect, useRef } from 'react';

/**
 * When the unread count is read again after a burst of market events, from its first event: at
 * 0.4 s, then, while the count has not risen, at 3 s and 10 s. The stream is public and its events
 * name no user, so the bell cannot tell which concern its user. The API instance that made the
 * change writes its notifications at once (its worker's round is asked for by the change), so
 * the first read finds them; when another instance's poll reaches the event first (one round,
 * NOTIFICATIONS_POLL_MS, 1 s), or the server is busy, the later reads do. A new burst starts over.
 */
export const BELL_LIVE_MS = [400, 3_000, 10_000] as const;

/**
 * The bell follows the market: `read` (the count it read, null when the read failed) is called
 * after each burst of events, as BELL_LIVE_MS says, until the count rises above `unread` (the
 * count shown when the burst came), while the tab is shown (coming back reads anyway).
 */
export function useLiveBell(unread: number, read: () => Promise<number | null>): void {
  const latest = useRef({ unread, read });
  useEffect(() => {
    latest.current = { unread, read };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stop = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
      stop();
    };
  }, []);

  useMarketBursts(
    everyEvent,
    () => {
      stop();
      const before = latest.current.unread;
      /** The read of `step`, `atMs` after the burst's first event. */
      const at = (step: number, atMs: number) => {
        timer.current = null;
        if (document.visibilityState !== 'visible') return;
        void latest.current.read().then((count) => {
          const next = BELL_LIVE_MS[step + 1];
          if (gone.current || next === undefined || count === null || count > before) return;
          if (timer.current === null) {
            timer.current = setTimeout(() => at(step + 1, next), next - atMs);
          }
        });
      };
      at(0, BELL_LIVE_MS[0]);
    },
    BELL_LIVE_MS[0],
  );
}
