import { useCallback, useEffect, useState, type RefObject } from 'react';

import { api } from '../api/endpoints';
import type { SearchHit, SearchResult } from '../contract/types';
import { useLiveSearch } from './use-live-search';

/**
 * The behaviour of a search box with a results dropdown (SPEC §4, §7), for the top bar's and the
 * marketplace's boxes; each keeps its own markup. The dropdown opens when results arrive, closes
 * on a press outside `box`, on Escape or on a choice (closing dismisses only the results shown),
 * and opens again when the box is focused. Choosing a result asks `search/item/{id}`, whose answer
 * is only logged.
 */
export function useSearchBox(box: RefObject<HTMLElement | null>) {
  const [text, setText] = useState('');
  const { results, pending } = useLiveSearch(text);
  const [dismissed, setDismissed] = useState<SearchResult | null>(null);
  const open = results.lands.length + results.nfas.length > 0 && dismissed !== results;
  const close = useCallback(() => setDismissed(results), [results]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !box.current?.contains(event.target)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, box]);

  const choose = (hit: SearchHit) => {
    close();
    api
      .searchItem(hit._id)
      .then((item) => console.info('[hypertek] search item', item))
      .catch((error: unknown) => console.error('[hypertek] search item failed', error));
  };

  return { text, setText, results, pending, open, choose, reopen: () => setDismissed(null) };
}
