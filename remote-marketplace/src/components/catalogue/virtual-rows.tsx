import {
  defaultRangeExtractor,
  measureElement,
  useWindowVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
  type Ref,
} from 'react';

import type { RowHeights, VirtualGridHandle } from './list-memory';

/** Rows drawn above and below the screen, so a fast scroll or Tab finds cards already there. */
const OVERSCAN_ROWS = 3;

/** A row's size: measured, or the estimate where nothing is laid out (no layout in tests). */
const measureRow: typeof measureElement = (element, entry, instance) => {
  const size = measureElement(element, entry, instance);
  return size > 0 ? size : instance.options.estimateSize(instance.indexFromElement(element));
};

/**
 * The grid's tiles in rows, only the rows on and near the screen in the DOM (TanStack Virtual, in
 * its own chunk: a drawn page shows its plain grid and needs this only once its list changes). The
 * grid keeps its full height (the rows times their height), so the scrollbar and Back's scroll
 * offset stay right however long the list grows. A row holding the focus stays in the DOM when it
 * scrolls away, so keyboard focus is never lost.
 */
export function VirtualRows({
  columns,
  tiles,
  tile,
  estimate,
  fallback,
  initialOffset,
  handle,
}: {
  columns: number;
  /** How many tiles: the leading tile, the cards and the placeholders. */
  tiles: number;
  tile: (index: number) => ReactNode;
  /** The first and the other rows' heights, when known; else every row is `fallback` high. */
  estimate: RowHeights | null;
  fallback: number;
  /** The window's scroll offset to draw the rows of (Back): the first paint shows the right ones. */
  initialOffset?: number | undefined;
  handle?: Ref<VirtualGridHandle> | undefined;
}) {
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
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((current) => (Math.abs(current - top) < 1 ? current : top));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

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
