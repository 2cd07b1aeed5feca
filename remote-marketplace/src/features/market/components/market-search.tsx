import { SearchBox } from '@hypertek/shared/search-box';

/**
 * The marketplace hero's search box (shown on medium and larger screens by CSS): the site's
 * search combobox; choosing a result opens the item's page.
 */
export function MarketSearch() {
  return <SearchBox label="Search the marketplace" className="mp-search" />;
}
