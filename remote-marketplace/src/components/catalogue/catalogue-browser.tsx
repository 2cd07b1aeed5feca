import type { ItemKind } from '@hypertek/shared';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { withoutFilters } from './catalogue-url';
import { CatalogueResults, type CatalogueFetch, type Nouns } from './catalogue-results';
import { FilterBar } from './filter-bar';
import { useCatalogueFilter } from './use-catalogue-filter';

/**
 * A whole catalogue to browse: the sort and filter bar, then the list it asks for. The view lives
 * in the URL; each history entry gets its own list (so Back restores the one it showed), while
 * the bar stays mounted and keeps the focus of the control just changed.
 */
export function CatalogueBrowser({
  kind,
  fetch,
  firstPage,
  nouns,
  leading,
  headingLevel,
  firstRead,
}: {
  kind: ItemKind;
  fetch: CatalogueFetch;
  firstPage: number;
  nouns: Nouns;
  leading: ReactNode;
  headingLevel: 2 | 3;
  /** The API path of the first page without sort or filters (its answer may come with the HTML). */
  firstRead?: string;
}) {
  const { key } = useLocation();
  const { filter, setFilter } = useCatalogueFilter(kind);
  return (
    <>
      <FilterBar
        kind={kind}
        filter={filter}
        onChange={setFilter}
        label={`Sort and filter ${nouns.plural}`}
      />
      <CatalogueResults
        key={key}
        kind={kind}
        fetch={fetch}
        filter={filter}
        firstPage={firstPage}
        nouns={nouns}
        leading={leading}
        headingLevel={headingLevel}
        firstRead={firstRead}
        onClearFilters={() => setFilter(withoutFilters(filter))}
      />
    </>
  );
}
