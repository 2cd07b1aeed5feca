import { api, useLiveSearch, type SearchHit } from '@hypertek/shared';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * The marketplace hero's search box (SPEC §2; shown on medium and larger screens by CSS): lands
 * and NFAs in a dropdown that opens when results arrive and closes on an outside click or Escape.
 * Choosing a result asks the server for the item, which is only logged (SPEC §7).
 */
export function MarketSearch() {
  const [text, setText] = useState('');
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const { results, pending } = useLiveSearch(text);
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();
  const count = results.lands.length + results.nfas.length;
  const open = count > 0 && closedFor !== text;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !box.current?.contains(event.target)) setClosedFor(text);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, text]);

  const choose = (hit: SearchHit) => {
    setClosedFor(text);
    api
      .searchItem(hit._id)
      .then((item) => console.info('[marketplace] search item', item))
      .catch((error: unknown) => console.error('[marketplace] search item failed', error));
  };

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
        onFocus={() => setClosedFor(null)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setClosedFor(text);
        }}
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
