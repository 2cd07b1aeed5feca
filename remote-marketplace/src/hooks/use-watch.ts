import { useSession } from '@hypertek/shared';
import { useApiQuery } from '@hypertek/shared/data';
import { useCallback } from 'react';

import { changeWatch, watchedIdsQuery, watchStateQuery, type WatchState } from '../lib/watchlist';

/** The signed-in user's id, or null for a visitor. */
export function useViewerId(): string | null {
  const { user, isLoggedInUser } = useSession();
  return isLoggedInUser ? (user?._id ?? user?.id ?? null) : null;
}

/**
 * One item's watched state for the signed-in user (the item page's star and alert price), read
 * once per item, and its changes: `toggle` watches (without an alert price) or unwatches it,
 * `setAlert` watches it with an alert price (null: none) and resolves to the refusal's words,
 * if any (a form shows them). A visitor reads nothing: `viewerId` is null.
 */
export function useWatch(itemId: string) {
  const viewerId = useViewerId();
  const read = useApiQuery({
    ...watchStateQuery(viewerId ?? '', itemId),
    enabled: viewerId !== null && itemId !== '',
  });
  const state: WatchState | undefined = read.data;
  const watched = state?.watched ?? false;

  const toggle = useCallback(() => {
    if (viewerId === null) return;
    void changeWatch(viewerId, itemId, { watched: !watched, alertPrice: null });
  }, [viewerId, itemId, watched]);

  const setAlert = useCallback(
    (alertPrice: number | null): Promise<string | null> =>
      viewerId === null
        ? Promise.resolve(null)
        : changeWatch(viewerId, itemId, { watched: true, alertPrice }, { quiet: true }),
    [viewerId, itemId],
  );

  return { viewerId, state, failed: read.isError, toggle, setAlert };
}

/**
 * Whether the signed-in user watches each item of a grid (one read of the list for every card)
 * and the star's change for one of them. A visitor reads nothing and watches nothing.
 */
export function useWatchedIds() {
  const viewerId = useViewerId();
  const read = useApiQuery({
    ...watchedIdsQuery(viewerId ?? ''),
    enabled: viewerId !== null,
  });
  const ids = read.data;
  const toggle = useCallback(
    (itemId: string) => {
      if (viewerId === null || !ids) return;
      void changeWatch(viewerId, itemId, { watched: !ids.has(itemId), alertPrice: null });
    },
    [viewerId, ids],
  );
  return { viewerId, ids, toggle };
}
