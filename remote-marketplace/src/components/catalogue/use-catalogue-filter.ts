import type { ItemKind } from '@hypertek/shared';
import type { CatalogueFilter } from '@hypertek/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { readFilter, writeFilter } from './catalogue-url';

export interface CatalogueFilterState {
  filter: CatalogueFilter;
  /** The filter as a stable string: equal views have equal keys. */
  key: string;
  /** Shows another view: a new history entry, so Back returns to this one. */
  setFilter: (filter: CatalogueFilter) => void;
}

/** The list's view, read from and written to the page's URL query. */
export function useCatalogueFilter(kind: ItemKind): CatalogueFilterState {
  const [params, setParams] = useSearchParams();
  const key = writeFilter(readFilter(params, kind)).toString();
  // Parsed from the key, so the object only changes when the view does.
  const filter = useMemo(() => readFilter(new URLSearchParams(key), kind), [key, kind]);
  const setFilter = useCallback(
    (next: CatalogueFilter) => setParams(writeFilter(next)),
    [setParams],
  );
  return { filter, key, setFilter };
}
