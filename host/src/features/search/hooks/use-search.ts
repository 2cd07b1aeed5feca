import {
  api,
  isCancelled,
  SEARCH_DEBOUNCE_MS,
  shouldSearch,
  type SearchResult,
} from '@hypertek/shared';
import { useEffect, useState } from 'react';

const EMPTY: SearchResult = { lands: [], nfas: [] };
const NO_ANSWER = { query: '', results: EMPTY };

/**
 * Live search (SPEC §4, §5, §9): asks the server 300 ms after the visitor stops typing, once the
 * text is longer than 1 character; empty text clears. A newer query aborts the older request, so a
 * slow, stale answer never replaces a newer one. Failures are logged only; the list stays empty.
 */
export function useSearch(text: string): { results: SearchResult; loading: boolean } {
  const query = text.trim();
  const active = shouldSearch(query);
  const [answer, setAnswer] = useState<{ query: string; results: SearchResult }>(NO_ANSWER);

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

  if (!active) {
    // Cleared: forget the last answer, or it would show again for the next text until its own.
    if (answer !== NO_ANSWER) setAnswer(NO_ANSWER);
    return { results: EMPTY, loading: false };
  }
  return { results: answer.results, loading: answer.query !== query };
}
