import { SearchBox as SharedSearchBox } from '@hypertek/shared/search-box';

/**
 * The top bar's search box (signed-in users): the site's search combobox, in the top bar's size.
 * Choosing a result opens the item's page.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  return (
    <SharedSearchBox label="Search lands and NFAs" className={`search-box ${className}`.trim()} />
  );
}
