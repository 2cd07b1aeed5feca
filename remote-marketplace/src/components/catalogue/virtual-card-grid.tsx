import { itemId, useHydrating, type ItemKind, type WireItem } from '@hypertek/shared';
import {
  defaultRangeExtractor,
  measureElement,
  useWindowVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  Fragment,
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
  type Ref,
} from 'react';

import { SkeletonCard } from '../../components/card-grid-skeleton';
import { BuyCard, FIRST_ROW_CARDS } from '../../components/buy-card';
import { useMediaQuery } from '../../hooks/use-media-query';
import type { RowHeights } from './list-memory';

/** The grid's columns, as the CSS draws them (`.grid-4`, `.mp-grid`): 1, 2, or 4 from 1024 px. */
function useColumns(): number {
  const wide = useMediaQuery('(min-width: 1024px)');
  const tiny = useMediaQuery('(max-width: 359px)');
  return wide ? 4 : tiny ? 1 : 2;
}

/** Rows drawn above and below the screen, so a fast scroll or Tab finds cards already there. */
const OVERSCAN_ROWS = 3;

/**
 * A row's height before it is drawn: a square image as wide as a column, the text lines and the
 * button below it, and the gap to the next row. Measured rows replace it.
 */
function estimateRowHeight(columns: number): number {
  const width = typeof window === 'undefined' ? 1280 : window.innerWidth;
  const grid = Math.min(width - 32, 1240);
  const card = (grid - 16 * (columns - 1)) / columns;
  return Math.round(card - 26 + 226);
}

/**
 * The first and the other rows' heights in a plain grid of `columns` (each with the gap below it,
 * as a virtual row measures), from where its tiles are; null when it has fewer than three rows.
 */
function rowHeightsOf(grid: HTMLElement, columns: number): RowHeights | null {
  const tops = [0, columns, 2 * columns].map(
    (index) => grid.children[index]?.getBoundingClientRect().top,
  );
  const [first, second, third] = tops;
  if (first === undefined || second === undefined || third === undefined) return null;
  return { first: second - first, other: third - second };
}

/** What the page keeps of the grid to draw it again at the same place. */
export interface VirtualGridHandle {
  rowHeights: () => RowHeights;
}

/** A row's size: measured, or the estimate where nothing is laid out (no layout in tests). */
const measureRow: typeof measureElement = (element, entry, instance) => {
  const size = measureElement(element, entry, instance);
  return size > 0 ? size : instance.options.estimateSize(instance.indexFromElement(element));
};

/**
 * The catalogue's cards in rows, only the rows on and near the screen in the DOM: the page keeps
 * its full height (the list's rows times their height), so the scrollbar and Back's scroll offset
 * stay right however long the list grows. The first tile is `leading` (the Instant Sell tile);
 * `pending` placeholders follow the cards while a page is on its way. A row holding the focus
 * stays in the DOM when it scrolls away, so keyboard focus is never lost.
 */
export function VirtualCardGrid({
  kind,
  items,
  leading,
  pending,
  headingLevel,
  initialRowHeights,
  initialOffset,
  handle,
}: {
  kind: ItemKind;
  items: WireItem[];
  leading: ReactNode;
  pending: boolean;
  headingLevel: 2 | 3;
  initialRowHeights: RowHeights | null;
  /** The window's scroll offset to draw the rows of (Back): the first paint shows the right ones. */
  initialOffset?: number | undefined;
  handle?: Ref<VirtualGridHandle>;
}) {
  const columns = useColumns();
  // Drawn by the server (no window: no screen to fit rows to): the tiles in one plain grid, whose
  // columns the stylesheet sets for the visitor's screen. Hydration adopts that grid as it is and
  // keeps it until the list changes (the next page, a filter): only then are rows virtualized.
  const hydrating = useHydrating();
  const [plainFor, setPlainFor] = useState(() => (hydrating ? items.length : null));
  const plainGrid = useRef<HTMLDivElement>(null);
  const [estimate, setEstimate] = useState(() => initialRowHeights ?? null);
  if (plainFor !== null && (plainFor !== items.length || pending)) setPlainFor(null);
  const plain = plainFor === items.length && !pending;
  // The plain grid's rows as laid out (read when the browser reports their size, never forcing a
  // layout): the virtual rows that follow start from these heights, so the rows above the visitor
  // (never drawn again) and what the page keeps for Back have their real height.
  useLayoutEffect(() => {
    const grid = plainGrid.current;
    if (!plain || !grid || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const rows = rowHeightsOf(grid, columns);
      if (rows)
        setEstimate((current) =>
          current?.first === rows.first && current.other === rows.other ? current : rows,
        );
    });
    observer.observe(grid);
    return () => observer.disconnect();
  }, [plain, columns]);
  const fallback = estimateRowHeight(columns);
  const filled = 1 + items.length;
  // While a page loads: placeholders to the end of the last row and one more row.
  const placeholders = pending ? ((columns - (filled % columns)) % columns) + columns : 0;
  const tiles = filled + placeholders;
  const rowCount = Math.ceil(tiles / columns);

  const container = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [focusedRow, setFocusedRow] = useState<number | null>(null);

  const estimateSize = useCallback(
    (index: number) => (estimate ? (index === 0 ? estimate.first : estimate.other) : fallback),
    [estimate, fallback],
  );
  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range);
      if (focusedRow === null || focusedRow >= range.count || rows.includes(focusedRow))
        return rows;
      return [...rows, focusedRow].sort((a, b) => a - b);
    },
    [focusedRow],
  );
  // Rows are keyed by their first tile's key, so new columns (a resize) measure rows anew.
  const getItemKey = useCallback((row: number) => `${columns}:${row}`, [columns]);

  const virtualizer: Virtualizer<Window, Element> = useWindowVirtualizer({
    count: rowCount,
    estimateSize,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    rangeExtractor,
    getItemKey,
    measureElement: measureRow,
    ...(initialOffset === undefined ? {} : { initialOffset }),
  });

  // Where the grid starts in the page: content above it (hero, filters) may change height.
  useLayoutEffect(() => {
    const element = container.current;
    if (!element || plain) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((current) => (Math.abs(current - top) < 1 ? current : top));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [plain]);

  useImperativeHandle(
    handle,
    () => ({
      rowHeights: () => {
        const sizes = virtualizer.measurementsCache;
        return {
          first: sizes[0]?.size ?? estimateSize(0),
          other: sizes[1]?.size ?? estimateSize(1),
        };
      },
    }),
    [virtualizer, estimateSize],
  );

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    setFocusedRow(row ? Number(row.dataset.index) : null);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusedRow(null);
  };

  const tile = (index: number) => {
    if (index === 0) return <Fragment key="leading">{leading}</Fragment>;
    const item = items[index - 1];
    if (!item) return <SkeletonCard key={`pending-${index}`} />;
    return (
      <BuyCard
        key={itemId(item) || index}
        item={item}
        kind={kind}
        headingLevel={headingLevel}
        priority={index < FIRST_ROW_CARDS}
      />
    );
  };

  if (plain) {
    return (
      <div ref={plainGrid} className="grid grid-4 mp-grid">
        {Array.from({ length: tiles }, (_, index) => tile(index))}
      </div>
    );
  }

  return (
    <div
      ref={container}
      className="mp-virtual-grid"
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          ref={virtualizer.measureElement}
          data-index={row.index}
          className="grid grid-4 mp-grid mp-virtual-row"
          style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
        >
          {Array.from({ length: Math.min(columns, tiles - row.index * columns) }, (_, i) =>
            tile(row.index * columns + i),
          )}
        </div>
      ))}
    </div>
  );
}
