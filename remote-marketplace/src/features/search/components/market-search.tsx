import { useSearchBox, type SearchHit } from '@hypertek/shared';
import { useId, useRef } from 'react';

/**
 * The marketplace hero's search box (SPEC §2; shown on medium and larger screens by CSS): lands
 * and NFAs in a dropdown that opens when results arrive and closes on an outside click or Escape.
 * Choosing a result asks the server for the item, which is only logged (SPEC §7).
 */
export function MarketSearch() {
  const box = useRef<HTMLDivElement>(null);
  const { text, setText, results, pending, open, choose, reopen } = useSearchBox(box);
  const listId = useId();

  const group = (title: string, hits: SearchHit[]) =>
    hits.length > 0 && (
      <li role="presentation">
        <span className="mp-search-group" id={`${listId}-${title}`}>
          {title}
        </span>
        <ul role="group" aria-labelledby={`${listId}-${title}`}>
          {hits.map((hit) => (
            <li key={hit._id} role="option" aria-selected={false}>
              <button type="button" onClick={() => choose(hit)}>
                <span>{hit.title}</span>
                {hit.serialNumber && <span className="muted">#{hit.serialNumber}</span>}
              </button>
            </li>
          ))}
        </ul>
      </li>
    );

  return (
    <div className="mp-search" ref={box} role="search">
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" className="mp-search-icon">
        <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M13 13l5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        placeholder="Search..."
        aria-label="Search the marketplace"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-busy={pending}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onFocus={reopen}
      />
      {open && (
        <ul className="mp-search-results" id={listId} role="listbox" aria-label="Search results">
          {group('Lands', results.lands)}
          {group('NFAs', results.nfas)}
        </ul>
      )}
    </div>
  );
}
