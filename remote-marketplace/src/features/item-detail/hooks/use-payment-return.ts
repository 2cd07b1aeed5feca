import { MESSAGES, notify } from '@hypertek/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Back from the card provider with `?session_id=…` (SPEC §2): 'Payment Successful!' once, then
 * the query is cleared from the address (the navigation state stays).
 */
export function usePaymentReturn(): void {
  const { pathname, search, state } = useLocation() as {
    pathname: string;
    search: string;
    state: unknown;
  };
  const navigate = useNavigate();
  const announced = useRef<string | null>(null);
  const sessionId = new URLSearchParams(search).get('session_id');

  useEffect(() => {
    if (!sessionId) return;
    if (announced.current !== sessionId) {
      announced.current = sessionId;
      notify.success(MESSAGES.paymentSuccess);
    }
    void navigate({ pathname, search: '' }, { replace: true, state });
  }, [sessionId, pathname, state, navigate]);
}
