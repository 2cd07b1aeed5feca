/**
 * `@hypertek/shared/search-box`: the site's search combobox, one piece for the top bar and the
 * marketplace hero. Not part of the package's main entry (it loads with the box, not before the
 * first paint); what it needs at run time comes from `@hypertek/shared` itself, so it uses the
 * one API client, runtime config and router the site shares.
 */
import './search-box.css';

import { formatPrice, itemSerial, itemTitle, useApiImage } from '@hypertek/shared';
import { useId, useRef } from 'react';

import type { SearchOption } from './use-search-box';
import { useSearchBox } from './use-search-box';

export { useLiveSearch } from './use-live-search';
export type { LiveSearchStatus } from './use-live-search';
export { itemPagePath, useSearchBox } from './use-search-box';
export type { SearchGroup, SearchKind, SearchOption, SearchPopup } from './use-search-box';

/** The item's art, small and lazy; a neutral tile when it has none or it fails to load. */
function Thumbnail({ image }: { image: string | undefined }) {
  const { src, onError } = useApiImage(image);
  if (!src) {
    return <span className="ht-search-thumb ht-search-thumb-empty" aria-hidden="true" />;
  }
  return (
    <img
      className="ht-search-thumb"
      src={src}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      onError={onError}
    />
  );
}

function Result({ option, active }: { option: SearchOption; active: boolean }) {
  const { hit, kind } = option;
  const serial = itemSerial(hit);
  return (
    <>
      <Thumbnail image={hit.image} />
      <span className="ht-search-text">
        <span className="ht-search-title">{itemTitle(hit, kind)}</span>
        {serial && <span className="ht-search-serial">#{serial}</span>}
      </span>
      {typeof hit.price === 'number' && Number.isFinite(hit.price) && (
        <span className={active ? 'ht-search-price price' : 'ht-search-price'}>
          {formatPrice(hit.price)}
        </span>
      )}
    </>
  );
}

export interface SearchBoxProps {
  /** The input's accessible name. */
  label: string;
  /** Classes of the box, for the page's layout. */
  className?: string;
}

/**
 * The search box: an input (role combobox) with a listbox of results grouped as Lands and NFAs,
 * each with its art, title, serial and price; 'Searching…' while a text is on its way and
 * 'No results for “…”' when nothing matches. Behaviour: `useSearchBox`.
 */
export function SearchBox({ label, className = '' }: SearchBoxProps) {
  const box = useRef<HTMLDivElement>(null);
  const prefix = useId();
  const search = useSearchBox(box, prefix);
  const listId = `${prefix}-list`;

  return (
    <div className={`ht-search ${className}`.trim()} ref={box} role="search" onBlur={search.onBlur}>
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" className="ht-search-icon">
        <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M13 13l5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        placeholder="Search..."
        aria-label={label}
        role="combobox"
        aria-expanded={search.expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={search.activeId}
        aria-busy={search.status === 'pending' || search.opening}
        autoComplete="off"
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        onFocus={search.reopen}
        onKeyDown={search.onKeyDown}
      />
      {search.popup === 'results' && (
        // Pressing inside the list keeps the focus (and the active result) on the input.
        <ul
          className="popover ht-search-popup"
          id={listId}
          role="listbox"
          aria-label="Search results"
          onMouseDown={(event) => event.preventDefault()}
        >
          {search.groups.map((group) => (
            <li key={group.kind} role="presentation">
              <ul role="group" aria-labelledby={group.id}>
                <li role="presentation" id={group.id} className="ht-search-group">
                  {group.label}
                </li>
                {group.options.map((option) => {
                  const active = option.index === search.active;
                  return (
                    <li
                      key={option.id}
                      id={option.id}
                      role="option"
                      aria-selected={active}
                      className={active ? 'ht-search-option is-active' : 'ht-search-option'}
                      onClick={() => search.choose(option)}
                      onMouseMove={() => !active && search.setActive(option.index)}
                    >
                      <Result option={option} active={active} />
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {(search.popup === 'searching' || search.popup === 'no-results') && (
        <p className="popover ht-search-popup ht-search-note" role="status">
          {search.popup === 'searching' ? 'Searching…' : `No results for “${search.query}”`}
        </p>
      )}
    </div>
  );
}
