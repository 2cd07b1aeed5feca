import { isCatalogueItem, readPaymentItem, savePaymentItem, type WireItem } from '@hypertek/shared';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';

/**
 * The item a detail page shows (SPEC §2, §3): from navigation state, else the one saved under
 * `paymentItem`; whichever it is gets saved there, for a reload and for the checkout pages.
 */
export function useDetailItem(): WireItem | null {
  const { state } = useLocation() as { state: unknown };
  const item = useMemo(() => (isCatalogueItem(state) ? state : readPaymentItem()), [state]);

  useEffect(() => {
    if (item) savePaymentItem(item);
  }, [item]);

  return item;
}
