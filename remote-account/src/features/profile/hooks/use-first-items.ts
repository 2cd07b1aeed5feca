import type { ListResponse } from '@hypertek/shared';
import { useEffect, useState } from 'react';

import { loadList } from '../lib/load-list';

/**
 * The first `count` entries of a list call, loaded on open; `null` until the call finishes,
 * whether it succeeds or fails. The call is cancelled when the page is left.
 */
export function useFirstItems<T>(
  request: ((signal: AbortSignal) => Promise<ListResponse<T> | T[]>) | null,
  count: number,
): T[] | null {
  const [items, setItems] = useState<T[] | null>(null);
  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    void loadList(request(controller.signal)).then((list) => {
      if (!controller.signal.aborted) setItems(list.slice(0, count));
    });
    return () => controller.abort();
  }, [request, count]);
  return items;
}
