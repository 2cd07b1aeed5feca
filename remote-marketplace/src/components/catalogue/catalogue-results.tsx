import { itemId, type ItemKind, type WireItem } from '@hypertek/shared';
import type {
  CatalogueFilter,
  CatalogueItem,
  CatalogueQuery,
  ListResponse,
} from '@hypertek/shared';
import { useHydrating } from '@hypertek/shared';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import { CardGridSkeleton } from '../../components/card-grid-skeleton';
import { EmptyCollection } from '../../components/empty-collection';
import { useFirstList, usePagedList } from '../../hooks/use-paged-list';
import { activeFilterCount } from './catalogue-url';
import {
  readScroll,
  readSnapshot,
  saveScroll,
  saveSnapshot,
  type ScrollRecord,
  type VirtualGridHandle,
} from './list-memory';
import { VirtualCardGrid } from './virtual-card-grid';

/** The size of the pages after the first: ten rows of four, twenty of two. */
export const MORE_PAGE_SIZE = 40;

/** How far below the screen the next page is asked for (about three rows of cards). */
const PREFETCH_MARGIN = '0px 0px 1200px 0px';

/** How long scrolling rests before its offset is kept. */
const SCROLL_SAVE_DELAY_MS = 150;

export type CatalogueFetch = (
  query: CatalogueQuery,
  options: { signal?: AbortSignal },
) => Promise<ListResponse<CatalogueItem>>;

/** What a page calls its items, in the texts around the grid. */
export interface Nouns {
  /** 'lands', 'collectibles' */
  plural: string;
  /** 'land', 'collectible' */
  singular: string;
  /** The grid's loading label, as the page names its section: 'Loading Lands'. */
  loading: string;
}

const keyOf = (item: WireItem) => itemId(item);

/** How long a restored offset is held while the page below the grid is still growing. */
const RESTORE_HOLD_MS = 2000;

/**
 * Scrolls the window to `offset`. When the page is not yet tall enough (the footer and what else
 * follows the grid may arrive a moment later), the browser stops short; the offset is then
 * applied again as the page grows, until it is reached, the visitor scrolls themselves, or
 * RESTORE_HOLD_MS pass. Returns the clean-up.
 */
function restoreScroll(offset: number): (() => void) | undefined {
  window.scrollTo(0, offset);
  if (Math.abs(window.scrollY - offset) < 1 || typeof ResizeObserver === 'undefined') return;
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of inputs) window.removeEventListener(type, stop);
  };
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, offset);
    if (Math.abs(window.scrollY - offset) < 1) stop();
  });
  observer.observe(document.body);
  const timer = setTimeout(stop, RESTORE_HOLD_MS);
  for (const type of inputs) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/** 'Showing 19 lands', 'Showing all 22 lands', 'Showing 1 land'. */
function countText(count: number, complete: boolean, nouns: Nouns): string {
  const noun = count === 1 ? nouns.singular : nouns.plural;
  return complete && count > 1 ? `Showing all ${count} ${noun}` : `Showing ${count} ${noun}`;
}

/**
 * One view of a catalogue list (the URL's filters): its first page, then more as the visitor
 * scrolls near the end (or presses 'Load more'), only the rows on screen in the DOM. The list
 * loaded and the scroll offset are kept for this history entry, so Back from an item, or a
 * reload, shows the same list at the same place. The page mounts it anew for every history entry.
 */
export function CatalogueResults({
  kind,
  fetch,
  filter,
  firstPage,
  nouns,
  leading,
  headingLevel,
  onClearFilters,
  firstRead,
}: {
  kind: ItemKind;
  fetch: CatalogueFetch;
  filter: CatalogueFilter;
  firstPage: number;
  nouns: Nouns;
  /** The first tile (Instant Sell). */
  leading: ReactNode;
  headingLevel: 2 | 3;
  onClearFilters: () => void;
  /** The API path of the list's first page without sort or filters (the page's `preloadFetch`). */
  firstRead?: string | undefined;
}) {
  const location = useLocation();
  // The history entry this list belongs to (the page mounts it anew for each one); it may stay
  // on screen a moment after a link to an item is followed, while `shown` is already the next.
  const [{ entry, url }] = useState(() => ({
    entry: location.key,
    url: location.pathname + location.search,
  }));
  const shown = useRef(url);
  useLayoutEffect(() => {
    shown.current = location.pathname + location.search;
  }, [location]);
  // Hydrating what the server drew: the list as drawn (its first data, or its loading state), not
  // the copy this tab kept for the entry (the server cannot know it; the list reads anew). Read
  // all the same: the first read of a document drops what another document left for its entry.
  const hydrating = useHydrating();
  // The page's first view in this document, without a query: the answer may have come with the HTML.
  const first = useFirstList<WireItem>(location.search === '' ? firstRead : undefined);
  const [restored] = useState(() => {
    const kept = readSnapshot(entry, url);
    return (hydrating ? null : kept) ?? first;
  });
  const [scroll] = useState<ScrollRecord | null>(() =>
    restored && !hydrating ? readScroll(entry) : null,
  );
  const list = usePagedList(kind, fetch, firstPage, {
    query: filter,
    moreLimit: MORE_PAGE_SIZE,
    initial: restored,
    keyOf,
  });
  const grid = useRef<VirtualGridHandle>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const ready = !list.loading && !list.failed;

  // Back to this entry: the same place in the page (the grid is already as tall as it was).
  useLayoutEffect(() => {
    if (scroll) return restoreScroll(scroll.offset);
  }, [scroll]);

  useEffect(() => {
    if (ready) saveSnapshot(entry, { url, items: list.items, nextCursor: list.nextCursor });
  }, [ready, entry, url, list.items, list.nextCursor]);

  useEffect(() => {
    let last: ScrollRecord | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      timer = undefined;
      if (last) saveScroll(entry, last);
    };
    const onScroll = () => {
      // Scrolling after the address changed is the next page's (the host scrolls a new page to
      // its top before this one is gone): it would overwrite the place Back returns to.
      if (shown.current !== url || !grid.current) return;
      // Read now: when the page is left, the next page may already have changed the offset.
      last = { offset: window.scrollY, rowHeights: grid.current.rowHeights() };
      clearTimeout(timer);
      timer = setTimeout(save, SCROLL_SAVE_DELAY_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer !== undefined) {
        clearTimeout(timer);
        save();
      }
    };
  }, [entry, url]);

  // Infinite scroll: the next page when the end of the grid comes near the screen. A new
  // observer after each page reports at once whether the end is still near (a tall screen).
  const { hasMore, moreFailed, loadingMore, loadMore } = list;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || moreFailed || loadingMore) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, moreFailed, loadingMore, loadMore]);

  if (list.loading) {
    return <CardGridSkeleton label={nouns.loading} count={firstPage} leading={leading} />;
  }

  const filtered = activeFilterCount(filter) > 0;
  return (
    <>
      <VirtualCardGrid
        kind={kind}
        items={list.items}
        leading={leading}
        pending={list.loadingMore}
        headingLevel={headingLevel}
        initialRowHeights={scroll?.rowHeights ?? null}
        initialOffset={scroll?.offset}
        handle={grid}
      />
      <div ref={sentinel} className="mp-sentinel" aria-hidden="true" />
      {list.failed ? (
        <div className="mp-notice mp-list-problem" role="alert">
          <p className="mp-strong">Could not load the {nouns.plural}.</p>
          <p className="muted">Check your connection, then try again.</p>
          <button type="button" className="btn btn-primary" onClick={list.retry}>
            Try again
          </button>
        </div>
      ) : list.items.length === 0 && filtered ? (
        <div className="mp-empty mp-no-match">
          <p className="mp-empty-title">No items match these filters</p>
          <p className="muted">
            Try a wider price range or another {kind === 'nfa' ? 'rarity' : 'region'}.
          </p>
          <button type="button" className="btn btn-ghost" onClick={onClearFilters}>
            Clear filters
          </button>
        </div>
      ) : list.items.length === 0 ? (
        <EmptyCollection browseTo={kind === 'nfa' ? '/land' : '/market-place'} />
      ) : null}
      <div className="mp-load-more">
        <p className="muted" aria-live="polite">
          {list.items.length > 0 && countText(list.items.length, !list.hasMore, nouns)}
        </p>
        {list.moreFailed && (
          <p className="mp-field-problem" role="alert">
            Could not load more {nouns.plural}. Try again.
          </p>
        )}
        {list.hasMore && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={list.loadMore}
            // Not `disabled`: a disabled button drops the keyboard focus.
            aria-disabled={list.loadingMore || undefined}
          >
            {list.loadingMore ? 'Loading…' : `Load more ${nouns.plural}`}
          </button>
        )}
      </div>
    </>
  );
}
