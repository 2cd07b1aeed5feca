import {
  itemId,
  onFirstIntent,
  useHydrating,
  type ItemKind,
  type WireItem,
} from '@hypertek/shared';
import { HydrateLater, openWhenNear, useHydrationGate } from '@hypertek/shared/ui';
import {
  Fragment,
  lazy,
  Suspense,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';

import { SkeletonCard } from '../../components/card-grid-skeleton';
import { BuyCard, FIRST_ROW_CARDS } from '../../components/buy-card';
import { useMediaQuery } from '../../hooks/use-media-query';
import type { RowHeights, VirtualGridHandle } from './list-memory';
import type { VirtualRows } from './virtual-rows';

/**
 * The rows' virtualizer (TanStack Virtual, ~10 kB gzip), loaded once the grid is virtual or the
 * visitor shows an intent. Once loaded it renders at once; before, through `lazy` (the grid stays
 * a plain grid meanwhile).
 */
let loadedRows: typeof VirtualRows | null = null;
export const preloadVirtualRows = () =>
  import('./virtual-rows').then((module) => (loadedRows = module.VirtualRows));
const LazyRows = lazy(() => preloadVirtualRows().then((rows) => ({ default: rows })));

/**
 * The tiles a drawn grid hydrates with the page: two rows of the widest grid, the first screen of
 * a phone's two columns. The others hydrate as they near the screen (`HydrateLater`).
 */
export const EAGER_TILES = 8;

/** The grid's columns, as the CSS draws them (`.grid-4`, `.mp-grid`): 1, 2, or 4 from 1024 px. */
function useColumns(): number {
  const wide = useMediaQuery('(min-width: 1024px)');
  const tiny = useMediaQuery('(max-width: 359px)');
  return wide ? 4 : tiny ? 1 : 2;
}

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

/**
 * The catalogue's cards in rows, only the rows on and near the screen in the DOM (`VirtualRows`):
 * the page keeps its full height (the list's rows times their height), so the scrollbar and
 * Back's scroll offset stay right however long the list grows. The first tile is `leading` (the
 * Instant Sell tile); `pending` placeholders follow the cards while a page is on its way.
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
  // keeps it until the list changes (the next page, a filter): only then are rows virtualized,
  // and only then is their code needed (fetched at the visitor's first sign of intent).
  const hydrating = useHydrating();
  const [plainFor, setPlainFor] = useState(() => (hydrating ? items.length : null));
  const plainGrid = useRef<HTMLDivElement>(null);
  const [estimate, setEstimate] = useState(() => initialRowHeights ?? null);
  if (plainFor !== null && (plainFor !== items.length || pending)) setPlainFor(null);
  const plain = plainFor === items.length && !pending;
  // The rows' component, chosen once the grid turns virtual and kept (a switch would mount the
  // rows anew): the loaded one, else the lazy one, until the code arrives.
  const [Rows, setRows] = useState<typeof VirtualRows | typeof LazyRows | null>(null);
  if (!plain && Rows === null) setRows(() => loadedRows ?? LazyRows);
  useEffect(() => {
    if (plain) return onFirstIntent(() => void preloadVirtualRows());
  }, [plain]);
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

  // The plain grid's heights, for what the page keeps (the virtual rows answer once drawn).
  useImperativeHandle(
    plain ? handle : undefined,
    () => ({
      rowHeights: () => ({
        first: estimate?.first ?? fallback,
        other: estimate?.other ?? fallback,
      }),
    }),
    [estimate, fallback],
  );

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
  // Drawn tiles below the first screen hydrate as they come near it. The held part is one element
  // kept across the grid's renders (a new one would hydrate it at once).
  const gate = useHydrationGate();
  const held = useMemo(
    () =>
      tiles > EAGER_TILES ? (
        <HydrateLater gate={gate}>
          {Array.from({ length: tiles - EAGER_TILES }, (_, index) => tile(EAGER_TILES + index))}
        </HydrateLater>
      ) : null,
    // What `tile` reads past the leading tile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [gate, tiles, items, kind, headingLevel],
  );
  useEffect(() => {
    const grid = plainGrid.current;
    if (plain && grid) return openWhenNear(gate, Array.from(grid.children).slice(EAGER_TILES));
  }, [gate, plain]);
  const plainTiles = (
    <div ref={plainGrid} className="grid grid-4 mp-grid">
      {Array.from({ length: Math.min(tiles, EAGER_TILES) }, (_, index) => tile(index))}
      {held}
    </div>
  );
  if (plain) return plainTiles;
  const Chosen = Rows ?? loadedRows ?? LazyRows;
  // Until the rows' code has arrived (rarely: it is fetched at the first intent), the tiles as a
  // plain grid, as tall as the rows will be.
  return (
    <Suspense fallback={plainTiles}>
      <Chosen
        columns={columns}
        tiles={tiles}
        tile={tile}
        estimate={estimate}
        fallback={fallback}
        initialOffset={initialOffset}
        handle={handle}
      />
    </Suspense>
  );
}
