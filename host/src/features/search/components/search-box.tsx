import { useSearchBox, type SearchHit } from '@hypertek/shared';
import { useId, useRef } from 'react';

/** The top bar's search box (signed-in users): results of lands and NFAs in a dropdown. */
export function SearchBox({ className = '' }: { className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { text, setText, results, pending, open, choose, reopen } = useSearchBox(ref);
  const listId = useId();

  const group = (title: string, hits: SearchHit[]) =>
    hits.length > 0 && (
      <li className="search-group" role="presentation">
        <span className="search-group-title">{title}</span>
        <ul role="group" aria-label={title}>
          {hits.map((hit) => (
            <li key={hit._id} role="option" aria-selected={false}>
              <button type="button" onClick={() => choose(hit)}>
                {hit.title}
              </button>
            </li>
          ))}
        </ul>
      </li>
    );

  return (
    <div className={`search-box ${className}`} ref={ref} role="search">
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" className="search-icon">
        <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M13 13l5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        placeholder="Search..."
        aria-label="Search lands and NFAs"
        aria-expanded={open}
        aria-controls={listId}
        aria-busy={pending}
        role="combobox"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={reopen}
      />
      {open && (
        <ul className="search-results" id={listId} role="listbox" aria-label="Search results">
          {group('Lands', results.lands)}
          {group('NFAs', results.nfas)}
        </ul>
      )}
    </div>
  );
}
