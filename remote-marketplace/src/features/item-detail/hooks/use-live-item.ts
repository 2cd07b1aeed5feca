import type { MarketEvent } from '@hypertek/shared';
import { queryClient, useMarketEvents } from '@hypertek/shared/data';
import { useEffect, useRef } from 'react';

import { marketKeys } from '../../../lib/market-reads';
import { itemSalesKey } from './use-item-sales';

/** Events closer together than this are read again once (a sale writes four). */
const SETTLE_MS = 150;

/**
 * The item page follows its item live (`GET /market/stream?item=…`): an offer made, a listing,
 * a new price, a sale or a transfer on it makes the page read again what shows it: the item
 * (price, status, owner, offer count), its sales, and the offer lists (whether it is reserved
 * for the viewer); after a sale, the viewer's purchases too (the land's price history). Nothing
 * while no item is shown.
 */
export function useLiveItem(itemId: string | null): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sold = useRef(false);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  // Only the market's own ids (digits) have a stream; an item saved from elsewhere has none.
  const live = itemId !== null && /^[1-9][0-9]*$/.test(itemId);
  useMarketEvents(live ? { item: itemId } : null, (event: MarketEvent) => {
    if (event.kind === 'item.sold') sold.current = true;
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      const keys: (readonly unknown[])[] = [
        marketKeys.item(event.itemId),
        itemSalesKey(event.itemId),
        marketKeys.offers,
      ];
      if (sold.current) keys.push(['history']);
      sold.current = false;
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    }, SETTLE_MS);
  });
}
