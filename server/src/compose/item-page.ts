// An item page (`/buy-nfa?id=…`, `/buy-land?id=…`) as the host's server draws it: the read of the
// item its address names, made for every navigation; the answer put in the page; the head its page
// module writes for it (`pageHead`: title, description, link-preview card, canonical address,
// schema.org data, and a 404 for no such item); and the item's art, preloaded.
import { pageHeadTags } from './head-tags.js';
import type { PageRenderer, ServedPageHead } from './page-renderer.js';
import type { RemoteCache } from './remote-cache.js';
import { firstImages } from './snapshot.js';

/** Where an item page's read takes the address's id (its `preloadFetch`, e.g. `/search/item/{id}`). */
export const ITEM_ID = '{id}';
/** Item ids are whole numbers; anything longer than this is not one. */
const MAX_ITEM_ID_LENGTH = 40;

/** The API's answer to an item's read (an envelope; a refusal says why). */
interface ApiAnswer {
  success?: unknown;
  message?: unknown;
  data?: unknown;
}

/** What the server knows of an item page's item. */
export interface ItemRead {
  /** The head the page's module wrote for the answer (null: it wrote none). */
  head: ServedPageHead | null;
  /** The address's query as the page reads it (`?id=…`). */
  query: string;
  /** The read's answer by the page's own path; a refusal as `{ success: false, status }`. */
  answers: Record<string, unknown>;
  /** The item's art, to preload. */
  images: string[];
}

/**
 * Reads an item page's item. `readItem(templates, search, moduleUrl)`: the reads of `search`'s
 * `?id=` (`templates` with their `{id}`, the item's first): the API's answer for the item (a
 * refusal is an answer too: no such item), the head the page's module writes for it, and the
 * item's art to preload; with the item, the other reads' answers that succeeded (its first sales:
 * the page asks for the others itself). Null when the address has no id or the API did not answer
 * for the item (the page is served as without an id: its loading state, and the app reads the
 * item itself).
 */
export function createItemReader({
  itemAnswers,
  remoteFiles,
  renderer,
  apiBase,
  apiOrigin,
}: {
  /** The API's answers, asked again for every navigation (concurrent ones share one read). */
  itemAnswers: RemoteCache;
  /** The remote's files (the page's Node build). */
  remoteFiles: RemoteCache;
  renderer: PageRenderer;
  apiBase: string;
  apiOrigin: string;
}): (templates: string[], search: string, moduleUrl: string) => Promise<ItemRead | null> {
  return async ([template = '', ...withItem], search, moduleUrl) => {
    const id = new URLSearchParams(search).get('id')?.trim();
    if (!id) return null;
    const pathOf = (read: string) => read.replace(ITEM_ID, encodeURIComponent(id));
    const path = pathOf(template);
    const query = `?id=${encodeURIComponent(id)}`;
    // An id longer than any the API gives is no item: not worth a request.
    const tooLong = id.length > MAX_ITEM_ID_LENGTH;
    const [answer, ...others] = await Promise.all([
      tooLong ? { status: 404, body: null } : itemAnswers.answer(apiBase + path),
      ...withItem.map((read) => (tooLong ? null : itemAnswers.answer(apiBase + pathOf(read)))),
    ]);
    if (answer === null) return null;
    const parsed = (text: string | null): ApiAnswer | null => {
      try {
        return text === null ? null : (JSON.parse(text) as ApiAnswer | null);
      } catch {
        return null; // Not JSON: only its status speaks.
      }
    };
    const body = parsed(answer.body);
    const ok = answer.status === 200 && body?.success === true;
    const missing = answer.status === 404 || answer.status === 400;
    if (!ok && !missing) return null;
    const head = renderer.head(
      await remoteFiles.get(moduleUrl),
      moduleUrl,
      ok ? body : null,
      ok ? 200 : 404,
    );
    return {
      head,
      query,
      // The page's client keys them by its own paths; a refusal as `{ success: false, status }`.
      answers: {
        [path]: ok
          ? body
          : { success: false, status: 404, message: body?.message ?? 'Item not found' },
        ...Object.fromEntries(
          withItem.flatMap((read, i) => {
            const other = others[i];
            const otherBody = ok && other?.status === 200 ? parsed(other.body) : null;
            return otherBody?.success === true ? [[pathOf(read), otherBody]] : [];
          }),
        ),
      },
      images: ok ? firstImages(JSON.stringify([body.data]), 1, apiOrigin) : [],
    };
  };
}

/**
 * The head tags of an item page: what its module wrote for the item, with its canonical address
 * on the site (none for a 404: not to be listed) and its art's address on the API.
 */
export function itemHeadTags(
  head: ServedPageHead,
  { site, path, apiBase }: { site: string; path: string; apiBase: string },
): string {
  return pageHeadTags({
    ...head,
    canonical: head.status === 200 ? site + (head.canonicalPath ?? path) : undefined,
    image: head.image && new URL(apiBase + head.image).toString(),
  });
}
