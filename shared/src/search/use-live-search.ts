import { useEffect, useState } from 'react';

import { api } from '../api/endpoints';
import { isCancelled } from '../api/http-client';
import { SEARCH_DEBOUNCE_MS } from '../contract/constants';
import type { SearchResult } from '../contract/types';
import { shouldSearch } from '../contract/validation';

const NO_RESULTS: SearchResult = { lands: [], nfas: [] };

/**
 * Live search (SPEC §4, §5, §9), for the top bar's and the marketplace's search boxes: the server
 * is asked 300 ms after typing stops, only for text longer than 1 character; empty text clears.
 * Each new text aborts the previous request and answers are kept with the text they answer, so a
 * stale one never wins. Failures are logged only; the list stays empty.
 */
export function useLiveSearch(text: string): { results: SearchResult; pending: boolean } {
  const query = text.trim();
  const active = shouldSearch(query);
  const [answered, setAnswered] = useState({ query: '', results: NO_RESULTS });

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .search(query, { signal: controller.signal })
        .then(({ lands, nfas }) => setAnswered({ query, results: { lands, nfas } }))
        .catch((error: unknown) => {
          if (isCancelled(error)) return;
          console.error('[hypertek] search failed', error);
          setAnswered({ query, results: NO_RESULTS });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, active]);

  if (!active) return { results: NO_RESULTS, pending: false };
  // Results of an older text are not shown while the current one is on its way.
  return answered.query === query
    ? { results: answered.results, pending: false }
    : { results: NO_RESULTS, pending: true };
}
