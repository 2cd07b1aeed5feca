import type { WireItem } from '@hypertek/shared';
/**
 * What a catalogue list had loaded, kept per history entry in session storage, so that Back from
 * an item (or a reload) shows the same list at the same place instead of its first page at the
 * top. An entry is the router's `location.key` (one per history entry, kept across reloads in
 * the history state) together with the URL it showed.
 *
 * The first entry of a tab has the key 'default' in every document: a snapshot under it is only
 * trusted when the document itself was reloaded or reached by Back/Forward, not when the address
 * was opened anew.
 */

const PREFIX = 'mp-list:';
const SCROLL_PREFIX = 'mp-list-scroll:';
const INDEX_KEY = 'mp-list-entries';
/** Snapshots kept at most: the newest entries of the tab. */
const KEEP = 8;
/** Longer lists are not kept (session storage holds a few megabytes per site). */
export const MAX_KEPT_ITEMS = 3000;

export interface ListSnapshot {
  /** The page's path and query when it was saved. */
  url: string;
  items: WireItem[];
  nextCursor: string | null;
}

/** A grid's row heights: the first row (with the Instant Sell tile) and the others. */
export interface RowHeights {
  first: number;
  other: number;
}

/** What the page keeps of the grid to draw it again at the same place. */
export interface VirtualGridHandle {
  rowHeights: () => RowHeights;
}

/** Where the page was scrolled, and the grid's row heights then (to draw it as tall again). */
export interface ScrollRecord {
  offset: number;
  rowHeights: RowHeights | null;
}

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked by the browser's settings
  }
};

let checkedDocumentEntry = false;

/** Drops a 'default' snapshot left by another document, once per document (see above). */
function forgetOtherDocumentsEntry(store: Storage) {
  if (checkedDocumentEntry) return;
  checkedDocumentEntry = true;
  // Not every environment records navigations (tests): then nothing is dropped.
  const [navigation] = (
    typeof performance.getEntriesByType === 'function'
      ? performance.getEntriesByType('navigation')
      : []
  ) as PerformanceNavigationTiming[];
  if (navigation && navigation.type !== 'reload' && navigation.type !== 'back_forward') {
    store.removeItem(PREFIX + 'default');
    store.removeItem(SCROLL_PREFIX + 'default');
  }
}

function readJson(store: Storage, key: string): unknown {
  try {
    const text = store.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** The list saved for this history entry and URL, if any. */
export function readSnapshot(entry: string, url: string): ListSnapshot | null {
  const store = storage();
  if (!store) return null;
  forgetOtherDocumentsEntry(store);
  const snapshot = readJson(store, PREFIX + entry) as ListSnapshot | null;
  if (!snapshot || snapshot.url !== url || !Array.isArray(snapshot.items)) return null;
  return snapshot;
}

/** The page's scroll offset saved for this history entry, if any. */
export function readScroll(entry: string): ScrollRecord | null {
  const store = storage();
  const value = store
    ? (readJson(store, SCROLL_PREFIX + entry) as Partial<ScrollRecord> | null)
    : null;
  if (!value || typeof value.offset !== 'number' || !Number.isFinite(value.offset)) return null;
  const heights = value.rowHeights;
  const valid = heights && heights.first > 0 && heights.other > 0;
  return { offset: value.offset, rowHeights: valid ? heights : null };
}

function forget(store: Storage, entry: string) {
  store.removeItem(PREFIX + entry);
  store.removeItem(SCROLL_PREFIX + entry);
}

/** Notes the entry as the newest, forgetting the oldest beyond KEEP. */
function touch(store: Storage, entry: string) {
  const kept = readJson(store, INDEX_KEY);
  const entries = (Array.isArray(kept) ? (kept as string[]) : []).filter((e) => e !== entry);
  entries.push(entry);
  for (const old of entries.splice(0, Math.max(0, entries.length - KEEP))) forget(store, old);
  store.setItem(INDEX_KEY, JSON.stringify(entries));
}

function write(entry: string, key: string, value: unknown) {
  const store = storage();
  if (!store) return;
  try {
    touch(store, entry);
    store.setItem(key, JSON.stringify(value));
  } catch {
    // Full: this entry is not kept (Back shows the list from its start).
    forget(store, entry);
  }
}

export function saveSnapshot(entry: string, snapshot: ListSnapshot): void {
  if (snapshot.items.length > MAX_KEPT_ITEMS) {
    const store = storage();
    if (store) forget(store, entry);
    return;
  }
  write(entry, PREFIX + entry, snapshot);
}

export function saveScroll(entry: string, record: ScrollRecord): void {
  write(entry, SCROLL_PREFIX + entry, { ...record, offset: Math.round(record.offset) });
}
