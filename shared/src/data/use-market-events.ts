import type { MarketEvent } from '@hypertek/shared';
import { useEffect, useRef } from 'react';

import type { MarketEventsFilter } from '../market/live-events';

export type { MarketEventsFilter };

/** Runs `start` once the page has loaded and the browser is idle; returns the cancel. */
function whenIdle(start: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(start, { timeout: 2_000 });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(start, 200);
      cancel = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    idle();
    return () => cancel();
  }
  window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancel();
  };
}

/**
 * Calls `onEvent` with each market event that matches `filter` while the component is shown
 * (`GET /market/stream`): the page reads again what an event changes (invalidate its queries).
 * The stream's code is fetched once the page has loaded and is idle, so no page's first script
 * carries it; it resumes by itself after a dropped connection, missing nothing. `filter`: one
 * item's or one kind's events, `{}` every event, null none (nothing is opened).
 */
export function useMarketEvents(
  filter: MarketEventsFilter | null,
  onEvent: (event: MarketEvent) => void,
): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  const item = filter?.item;
  const kind = filter?.kind;
  const on = filter !== null;
  useEffect(() => {
    if (!on) return;
    let close: (() => void) | null = null;
    let left = false;
    const cancel = whenIdle(() => {
      void import('../market/live-events').then(({ openMarketEvents }) => {
        if (left) return;
        const which: MarketEventsFilter = {
          ...(item !== undefined && { item }),
          ...(kind !== undefined && { kind }),
        };
        close = openMarketEvents(which, (event) => latest.current(event));
      });
    });
    return () => {
      left = true;
      cancel();
      close?.();
    };
  }, [on, item, kind]);
}
