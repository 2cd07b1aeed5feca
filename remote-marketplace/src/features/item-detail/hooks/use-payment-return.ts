import { MESSAGES, notify } from '@hypertek/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Back from the card provider with `?session_id=…`: 'Payment Successful!' once, then
 * `session_id` is removed from the address (the item's `id` and the navigation state stay).
 */
export function usePaymentReturn(): void {
  const { pathname, search, state } = useLocation() as {
    pathname: string;
    search: string;
    state: unknown;
  };
  const navigate = useNavigate();
  const announced = useRef<string | null>(null);
  const params = new URLSearchParams(search);
  const sessionId = params.get('session_id');
  params.delete('session_id');
  const rest = params.toString();

  useEffect(() => {
    if (!sessionId) return;
    if (announced.current !== sessionId) {
      announced.current = sessionId;
      notify.success(MESSAGES.paymentSuccess);
    }
    void navigate({ pathname, search: rest ? `?${rest}` : '' }, { replace: true, state });
  }, [sessionId, rest, pathname, state, navigate]);
}
