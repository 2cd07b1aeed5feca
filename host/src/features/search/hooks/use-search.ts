import {
  api,
  isCancelled,
  SEARCH_DEBOUNCE_MS,
  shouldSearch,
  type SearchResult,
} from '@hypertek/shared';
import { useEffect, useState } from 'react';

const EMPTY: SearchResult = { lands: [], nfas: [] };

/**
 * Live search (SPEC §4, §5, §9): asks the server 300 ms after the visitor stops typing, once the
 * text is longer than 1 character; empty text clears. A newer query aborts the older request, so a
 * slow, stale answer never replaces a newer one. Failures are logged only; the list stays empty.
 */
export function useSearch(text: string): { results: SearchResult; loading: boolean } {
  const query = text.trim();
  const active = shouldSearch(query);
  const [answer, setAnswer] = useState<{ query: string; results: SearchResult }>({
    query: '',
    results: EMPTY,
  });

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .search(query, { signal: controller.signal })
        .then((body) => setAnswer({ query, results: { lands: body.lands, nfas: body.nfas } }))
        .catch((error: unknown) => {
          if (isCancelled(error)) return;
          console.error('[hypertek] search failed', error);
          setAnswer({ query, results: EMPTY });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, active]);

  if (!active) return { results: EMPTY, loading: false };
  return { results: answer.results, loading: answer.query !== query };
}
