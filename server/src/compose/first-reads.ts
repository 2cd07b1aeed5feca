// A drawn page's first reads (the API paths its snapshot declares): this server makes them with
// the page, puts the recent successful answers in it (the page's first render shows its data
// without asking), preloads the others for the page's own requests, and the first screen's art.
import type { ItemRead } from './item-page.js';
import type { RemoteCache } from './remote-cache.js';
import { firstImages } from './snapshot.js';
import type { SnapshotParts } from './snapshot.js';

/** A kept first read older than this is not put in a page (its preload is, as without it). */
const FIRST_DATA_MAX_AGE_MS = 10_000;

/** A list answer that the page can show as it is: a successful envelope, or an array. */
function successfulAnswer(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    const body = JSON.parse(text) as { success?: unknown; data?: unknown } | unknown[] | null;
    return Array.isArray(body) || (body?.success === true && Array.isArray(body.data))
      ? body
      : null;
  } catch {
    return null;
  }
}

export interface FirstReads {
  /** The answers in the page, by the page's own path (null: none). */
  answers: Record<string, unknown> | null;
  /** The first screen's art, to preload. */
  images: string[];
  /** The reads the page will make itself (their answers are not in it), to preload. */
  asked: string[];
}

/**
 * Reads pages' first reads from the API at `apiBase` (kept in `remoteFiles`). `firstReads(page,
 * search, item, itemRead)`: the first reads of a page whose snapshot declares `page.fetches` (and
 * shows the art of the first `page.images` items of the first), opened with `search`: an item
 * page's answers come from its `item` read (`itemRead`, the read that names `{id}`); a page opened
 * with a query reads other data than its snapshot declares, so nothing of it is read here.
 */
export function createFirstReads({
  apiBase,
  apiOrigin,
  remoteFiles,
}: {
  apiBase: string;
  apiOrigin: string;
  remoteFiles: RemoteCache;
}): (
  page: Pick<SnapshotParts, 'fetches' | 'images'>,
  search: string,
  item: ItemRead | null,
  itemRead: string | undefined,
) => Promise<FirstReads> {
  return (page, search, item, itemRead) =>
    firstReads({ ...page, search, item, itemRead }, { apiBase, apiOrigin, remoteFiles });
}

async function firstReads(
  {
    fetches,
    images: imageCount,
    search,
    item,
    itemRead,
  }: Pick<SnapshotParts, 'fetches' | 'images'> & {
    search: string;
    item: ItemRead | null;
    itemRead: string | undefined;
  },
  {
    apiBase,
    apiOrigin,
    remoteFiles,
  }: { apiBase: string; apiOrigin: string; remoteFiles: RemoteCache },
): Promise<FirstReads> {
  const reads = itemRead || (search && search !== '?') ? [] : fetches.map((path) => apiBase + path);
  // The reads' answers, which this server keeps like the remote's files: asked again (with
  // their ETags) when older than a few seconds, all at once.
  const readAnswers = await Promise.all(reads.map((read) => remoteFiles.get(read)));
  // The first screen's art (the page's largest picture, its LCP on a phone): known from the
  // first read's answer. Otherwise the browser would find the images only once the app has
  // rendered the list.
  const images = item
    ? item.images
    : imageCount > 0
      ? firstImages(readAnswers[0] ?? null, imageCount, apiOrigin)
      : [];
  // And each read's answer itself, when it is recent and a success: the page's first render
  // shows its data without asking (shared's `firstData`), and nothing is preloaded for it.
  const inline = reads.map((read, i) =>
    remoteFiles.age(read) <= FIRST_DATA_MAX_AGE_MS ? successfulAnswer(readAnswers[i]) : null,
  );
  const inlined = fetches.flatMap((path, i) => (inline[i] ? [[path, inline[i]] as const] : []));
  const answers = item ? item.answers : inlined.length === 0 ? null : Object.fromEntries(inlined);
  return { answers, images, asked: reads.filter((_, i) => inline[i] === null) };
}
