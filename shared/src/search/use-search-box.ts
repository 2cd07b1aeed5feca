import { api, isCatalogueItem, usePressOutside } from '@hypertek/shared';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useNavigate } from 'react-router';

import type { ItemKind } from '../contract/constants';
import type { SearchHit, SearchResult } from '../contract/types';
import { useLiveSearch, type LiveSearchStatus } from './use-live-search';

export type SearchKind = ItemKind;

/** One result as the list shows it: `index` is its place among all options (for the keyboard). */
export interface SearchOption {
  hit: SearchHit;
  kind: SearchKind;
  index: number;
  id: string;
}

export interface SearchGroup {
  kind: SearchKind;
  label: 'Lands' | 'NFAs';
  id: string;
  options: SearchOption[];
}

/** The page of an item: its kind's detail page with its id in the address. */
export const itemPagePath = (kind: SearchKind, id: string): string =>
  `${kind === 'land' ? '/buy-land' : '/buy-nfa'}?id=${encodeURIComponent(id)}`;

function groupsOf(results: SearchResult, idPrefix: string): SearchGroup[] {
  let index = 0;
  const group = (kind: SearchKind, label: SearchGroup['label'], hits: SearchHit[]) => ({
    kind,
    label,
    id: `${idPrefix}-${kind}`,
    options: hits.map((hit) => {
      const option = { hit, kind: hit.kind ?? kind, index, id: `${idPrefix}-option-${index}` };
      index += 1;
      return option;
    }),
  });
  return [group('land', 'Lands', results.lands), group('nfa', 'NFAs', results.nfas)].filter(
    (g) => g.options.length > 0,
  );
}

/** What the box shows under the input. */
export type SearchPopup = 'none' | 'searching' | 'results' | 'no-results';

const popupOf = (status: LiveSearchStatus, count: number): SearchPopup => {
  if (status === 'pending') return 'searching';
  if (status !== 'done') return 'none'; // a failure is logged only
  return count > 0 ? 'results' : 'no-results';
};

/**
 * The behaviour of a search combobox (ARIA 1.2 combobox with a listbox popup), shared by the top
 * bar's and the marketplace's boxes:
 * - live search (see `useLiveSearch`); the list opens when results arrive;
 * - ArrowDown/ArrowUp move through the results (wrapping), Enter opens the active one, Escape
 *   closes the list and a second Escape clears the text; a press outside `box` or focus leaving it
 *   closes; focusing the input again reopens what was closed;
 * - opening a result asks the server for the item (`search/item/{id}`) and goes to its page
 *   (`/buy-nfa?id=…` or `/buy-land?id=…`), with the item as navigation state when the server
 *   returned it. Only the latest choice navigates, and none after the box is gone.
 */
export function useSearchBox(box: RefObject<HTMLElement | null>, idPrefix: string) {
  const navigate = useNavigate();
  const [text, setTextState] = useState('');
  const { query, results, status } = useLiveSearch(text);
  // The results (by identity) the user closed; new results or new text open the list again.
  const [dismissed, setDismissed] = useState<SearchResult | null>(null);
  const [activeOf, setActiveOf] = useState<{ results: SearchResult | null; index: number }>({
    results: null,
    index: -1,
  });
  const [opening, setOpening] = useState(false);

  const groups = useMemo(() => groupsOf(results, idPrefix), [results, idPrefix]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  const count = options.length;
  const popup = dismissed === results ? 'none' : popupOf(status, count);
  const expanded = popup === 'results';
  const active = expanded && activeOf.results === results ? activeOf.index : -1;

  const close = useCallback(() => setDismissed(results), [results]);
  const setActive = (index: number) => setActiveOf({ results, index });

  usePressOutside(box, close, popup !== 'none');

  const choice = useRef(0);
  useEffect(
    () => () => {
      choice.current = -1; // unmounted: an answer still on its way navigates nowhere
    },
    [],
  );

  const choose = (option: SearchOption) => {
    const mine = ++choice.current;
    close();
    setOpening(true);
    const { _id: id } = option.hit;
    void api
      .searchItem(id)
      // Only an item the page can show goes along as navigation state.
      .then(({ success, data }) =>
        success && isCatalogueItem(data) ? { ...data, kind: data.kind ?? option.kind } : null,
      )
      .catch((error: unknown) => {
        console.error('[hypertek] search item failed', error);
        return null; // the item page reads the id from the address
      })
      .then((item) => {
        if (mine !== choice.current) return;
        setOpening(false);
        void navigate(itemPagePath(option.kind, id), item ? { state: item } : undefined);
      });
  };

  const setText = (value: string) => {
    setTextState(value);
    setDismissed(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0 || status !== 'done') return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        if (!expanded) setDismissed(null);
        if (active < 0) setActive(down ? 0 : count - 1);
        else setActive((active + (down ? 1 : count - 1)) % count);
        return;
      }
      case 'Enter': {
        const option = options[active];
        if (!option) return;
        event.preventDefault();
        choose(option);
        return;
      }
      case 'Escape':
        // Handled here, so the browser does not also clear a search field on the first press.
        if (popup !== 'none') {
          event.preventDefault();
          close();
        } else if (text !== '') {
          event.preventDefault();
          setText('');
        }
        return;
    }
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!(event.relatedTarget instanceof Node && box.current?.contains(event.relatedTarget))) {
      close();
    }
  };

  return {
    text,
    setText,
    query,
    status,
    popup,
    expanded,
    groups,
    active,
    activeId: options[active]?.id,
    opening,
    choose,
    setActive,
    onKeyDown,
    onBlur,
    reopen: () => setDismissed(null),
  };
}
