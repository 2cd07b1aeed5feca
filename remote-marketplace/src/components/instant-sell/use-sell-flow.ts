import { useCallback, useEffect, useRef, useState } from 'react';
import { SELL_DIALOG_DELAY_MS } from '../../data/constants';

/** The dialogs of the sell flow, in order. */
export type SellStep = 'select' | 'wallet' | 'connect';

/**
 * The sell flow's state: which dialog is open. Moving on closes the current dialog and opens the
 * next one 100 ms later; closing at any step (or leaving the page) drops a move still waiting.
 */
export function useSellFlow() {
  const [step, setStep] = useState<SellStep | null>(null);
  // Each 'Sell Now' on the tile starts afresh: the dialogs' choices are the run's.
  const [run, setRun] = useState(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(pending.current), []);

  const goTo = useCallback((next: SellStep | null, delayMs = 0) => {
    clearTimeout(pending.current);
    if (delayMs === 0) {
      setStep(next);
      return;
    }
    setStep(null);
    pending.current = setTimeout(() => setStep(next), delayMs);
  }, []);

  return {
    step,
    run,
    start: useCallback(() => {
      setRun((was) => was + 1);
      goTo('select');
    }, [goTo]),
    moveTo: useCallback((next: SellStep) => goTo(next, SELL_DIALOG_DELAY_MS), [goTo]),
    close: useCallback(() => goTo(null), [goTo]),
  };
}
