import { api, isCancelled, SEARCH_DEBOUNCE_MS, shouldSearch } from '@hypertek/shared';
import { useEffect, useState } from 'react';

import type { SearchResult } from '../contract/types';

const NO_RESULTS: SearchResult = { lands: [], nfas: [] };

/** Where a search stands for the current text. */
export type LiveSearchStatus =
  /** Nothing to search (one character or less). */
  | 'idle'
  /** Waiting for the pause in typing, or for the server's answer. */
  | 'pending'
  /** The server answered this text. */
  | 'done'
  /** The call failed: logged only, nothing is shown (lists stay empty). */
  | 'failed';

/**
 * Live search for the search boxes: the server is asked 300 ms after typing stops, only for text
 * longer than 1 character; empty text clears. Each new text aborts the previous request and
 * answers are kept with the text they answer, so a stale one never wins.
 */
export function useLiveSearch(text: string): {
  query: string;
  results: SearchResult;
  status: LiveSearchStatus;
} {
  const query = text.trim();
  const active = shouldSearch(query);
  const [answered, setAnswered] = useState<{
    query: string;
    results: SearchResult;
    failed: boolean;
  }>({ query: '', results: NO_RESULTS, failed: false });

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .search(query, { signal: controller.signal })
        .then(({ lands, nfas }) => setAnswered({ query, results: { lands, nfas }, failed: false }))
        .catch((error: unknown) => {
          if (isCancelled(error)) return;
          console.error('[hypertek] search failed', error);
          setAnswered({ query, results: NO_RESULTS, failed: true });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, active]);

  if (!active) return { query, results: NO_RESULTS, status: 'idle' };
  // Results of an older text are not shown while the current one is on its way.
  if (answered.query !== query) return { query, results: NO_RESULTS, status: 'pending' };
  return { query, results: answered.results, status: answered.failed ? 'failed' : 'done' };
}
