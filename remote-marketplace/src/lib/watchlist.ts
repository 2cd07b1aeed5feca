/**
 * The watchlist's reads in the site's one data cache (docs/product.md, "Watchlist"): one item's
 * watched state (the item page's star and alert price), the ids of every item the user watches
 * (the cards' stars: one walk of the list, not a call per card), the list a page at a time
 * (/watchlist), and the optimistic change every star makes.
 */
import { api, errorMessage, notify, type WatchStateAnswer } from '@hypertek/shared';
import { queryClient } from '@hypertek/shared/data';

export const watchKeys = {
  /** Every watchlist read (a change refreshes them all). */
  all: ['watchlist'] as const,
  /** One item's watched state for the user. */
  state: (userId: string, itemId: string) => ['watchlist', userId, 'state', itemId] as const,
  /** The ids of every item the user watches. */
  ids: (userId: string) => ['watchlist', userId, 'ids'] as const,
  /** The list, a page at a time. */
  list: (userId: string) => ['watchlist', userId, 'list'] as const,
};

/** What a star knows of an item: watched or not, and the alert price (dollars; null: none). */
export interface WatchState {
  watched: boolean;
  alertPrice: number | null;
}

const stateOf = (answer: WatchStateAnswer): WatchState => ({
  watched: answer.watched,
  alertPrice: answer.alertPrice,
});

export const watchStateQuery = (userId: string, itemId: string) => ({
  queryKey: watchKeys.state(userId, itemId),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<WatchState> =>
    stateOf(await api.watchlist.state(itemId, { signal })),
});

/** The most a page of the list may hold (the API's cap on `limit`). */
const ID_PAGE = 100;

/** Every id the user watches, following the list's pages (at most the cap: 500, five pages). */
export const watchedIdsQuery = (userId: string) => ({
  queryKey: watchKeys.ids(userId),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ReadonlySet<string>> => {
    const ids = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await api.watchlist.list(
        { limit: ID_PAGE, ...(cursor ? { cursor } : {}) },
        { signal },
      );
      for (const item of page.data) ids.add(item.itemId);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return ids;
  },
});

/** Puts the item in (or out of) the cards' set, if it was read. */
function markWatched(userId: string, itemId: string, watched: boolean): void {
  queryClient.setQueryData<ReadonlySet<string>>(watchKeys.ids(userId), (ids) => {
    if (!ids) return ids;
    const next = new Set(ids);
    if (watched) next.add(itemId);
    else next.delete(itemId);
    return next;
  });
}

/**
 * Watches or unwatches an item, or changes its alert price (`alertPrice` given: a watch with it),
 * at once on screen: the star and the cards' set change before the answer; a refusal puts them
 * back and gives the server's words (a toast says them too, unless `quiet`: a form shows them
 * beside itself). Then every watchlist read is refreshed. Resolves to null when done, else the
 * refusal's words.
 */
export async function changeWatch(
  userId: string,
  itemId: string,
  next: WatchState,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<string | null> {
  const key = watchKeys.state(userId, itemId);
  await queryClient.cancelQueries({ queryKey: key });
  const before = queryClient.getQueryData<WatchState>(key);
  queryClient.setQueryData<WatchState>(key, next);
  markWatched(userId, itemId, next.watched);
  try {
    const answer = next.watched
      ? await api.watchlist.watch(itemId, { alertPrice: next.alertPrice })
      : await api.watchlist.unwatch(itemId);
    queryClient.setQueryData<WatchState>(key, stateOf(answer));
    return null;
  } catch (error) {
    if (before) queryClient.setQueryData<WatchState>(key, before);
    else queryClient.removeQueries({ queryKey: key, exact: true });
    markWatched(userId, itemId, before?.watched ?? !next.watched);
    const words = errorMessage(error);
    if (!quiet) notify.error(words);
    return words;
  } finally {
    void queryClient.invalidateQueries({ queryKey: [...watchKeys.all, userId] });
  }
}
