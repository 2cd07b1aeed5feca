import type { MarketEvent } from '@hypertek/shared';
import { useEffect, useRef } from 'react';

import { queryClient } from './query-client';
import { useMarketEvents } from './use-market-events';

/** Events closer together than this are answered once (a sale writes four). */
export const LIVE_SETTLE_MS = 150;

/**
 * Calls `onBurst` with the market's events (every item, every kind) that `wanted` keeps, at most
 * once per `settleMs`: the first kept event starts the wait, the ones that come during it join
 * it (a burst is never put off by the next one). `wanted` null: nothing is opened. The page's
 * listeners share one stream (`openMarketEvents`).
 */
export function useMarketBursts(
  wanted: ((event: MarketEvent) => boolean) | null,
  onBurst: (events: MarketEvent[]) => void,
  settleMs: number = LIVE_SETTLE_MS,
): void {
  const latest = useRef({ wanted, onBurst });
  useEffect(() => {
    latest.current = { wanted, onBurst };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const burst = useRef<MarketEvent[]>([]);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      burst.current = [];
    },
    [],
  );
  useMarketEvents(wanted === null ? null : {}, (event) => {
    if (!(latest.current.wanted?.(event) ?? false)) return;
    burst.current.push(event);
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      const events = burst.current;
      burst.current = [];
      latest.current.onBurst(events);
    }, settleMs);
  });
}

/**
 * A page that shows market reads follows the market live: on the events `wanted` keeps, the
 * queries under `keys` (prefixes) are read again, once per burst. The events carry no user, so a
 * user's table reads again on the kinds that can change it, whoever they concern. `keys` empty or
 * `wanted` null: nothing is opened (a signed-out visitor).
 */
export function useLiveReads(
  keys: readonly (readonly unknown[])[],
  wanted: ((event: MarketEvent) => boolean) | null = everyEvent,
): void {
  const held = useRef(keys);
  useEffect(() => {
    held.current = keys;
  });
  useMarketBursts(keys.length === 0 ? null : wanted, () => {
    for (const queryKey of held.current) void queryClient.invalidateQueries({ queryKey });
  });
}

export const everyEvent = (): boolean => true;

/** The events of these kinds, or whose kind starts with one of these prefixes (`'offer.'`). */
export const eventsOf =
  (...kinds: readonly string[]) =>
  (event: MarketEvent): boolean =>
    kinds.some((kind) => (kind.endsWith('.') ? event.kind.startsWith(kind) : event.kind === kind));
