import {
  api,
  firstData,
  isCatalogueItem,
  itemId,
  type ItemKind,
  itemPath,
  paymentItemFrom,
  savePaymentItem,
  type WireItem,
} from '@hypertek/shared';
import { hasFailed, useApiQuery } from '@hypertek/shared/data';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { marketKeys } from '../../../lib/market-reads';
import { firstItemAnswer, itemReadPath } from '../lib/item-head';

/** What a detail page shows. */
export type DetailItemState =
  | { status: 'ready'; item: WireItem }
  /** The address names an item and nothing known yet shows it: a skeleton of the page. */
  | { status: 'loading' }
  /** The server does not know the id in the address. */
  | { status: 'not-found'; id: string }
  /** The item could not be read (network, server): the page offers to try again. */
  | { status: 'error'; retry: () => void }
  /** No id, no navigation state, no saved item. */
  | { status: 'none' };

/** How long the answer that came with the page counts as fresh (it is seconds old at most). */
const FIRST_ANSWER_FRESH_MS = 30_000;

/** What the server says of an id: its item, or that there is none. A failed read throws. */
type Answer = { status: 'ok'; item: WireItem } | { status: 'not-found' };

const statusOf = (error: unknown): number | undefined =>
  (error as { response?: { status?: number } } | null)?.response?.status;

/** The item behind `id`, as the server has it now. 400 (a malformed id) and 404 mean no such item. */
async function fetchItem(id: string, signal: AbortSignal): Promise<Answer> {
  try {
    const body = await api.searchItem(id, { signal });
    return body.success && isCatalogueItem(body.data)
      ? { status: 'ok', item: body.data }
      : { status: 'not-found' };
  } catch (error) {
    const status = statusOf(error);
    if (status === 404 || status === 400) return { status: 'not-found' };
    throw error;
  }
}

/**
 * The item a detail page shows, and its address.
 *
 * - `?id=` in the address wins: the item is read from the server (`search/item/{id}`), so a shared
 *   link, a reload and Back show that item. If navigation state or the saved item has the same
 *   id, it shows at once while the fresh copy loads (and stays if the server cannot be reached).
 * - Without an id: navigation state, else the item saved under `paymentItem`; the address then
 *   gets its `?id=` (replaced, state kept), so reloading or sharing shows the same item. Such an
 *   item is read again only when it lacks its market state (`market`: owner, listing, offers).
 * - An item of the other kind (an NFA's id on /buy-land) is sent to its own page, same id.
 *
 * Whatever is shown is saved under `paymentItem`, for a reload and for the checkout pages.
 */
export function useDetailItem(kind: ItemKind): DetailItemState {
  const { pathname, search, state, key } = useLocation() as {
    pathname: string;
    search: string;
    state: unknown;
    key: string;
  };
  const navigate = useNavigate();
  const urlId = new URLSearchParams(search).get('id')?.trim() || null;

  // Known without asking: navigation state first, then the saved item.
  const known = useMemo(() => paymentItemFrom(state), [state]);
  const knownId = known ? itemId(known) : null;

  // The id this page writes into the address itself (below): the item is in hand, nothing to
  // fetch once it is there, unless it lacks its market state (owner, listing, offers), which only
  // the detail read answers. Noted while rendering, the way React adjusts state to new props.
  const [placed, setPlaced] = useState<string | null>(null);
  if (urlId === null && knownId && placed !== knownId) setPlaced(knownId);

  const sameKind = !known?.kind || known.kind === kind;
  const placeholder = urlId !== null && knownId === urlId && sameKind ? known : null;
  const fetching = urlId !== null && !(urlId === placed && placeholder?.market);
  // The document's first view of an item link: the host's web server may have put the detail
  // read's answer in the page (drawn with it): used as it is, without asking again for a while.
  // Only for the id it was read for: another id on the same page is asked for.
  const first = useMemo(
    () =>
      key === 'default' && urlId !== null
        ? (firstItemAnswer(firstData(itemReadPath(urlId))) ?? undefined)
        : undefined,
    [key, urlId],
  );
  const onServer = typeof document === 'undefined';
  const read = useApiQuery({
    queryKey: marketKeys.item(urlId ?? ''),
    queryFn: ({ signal }) => fetchItem(urlId ?? '', signal),
    // Drawn on the server: what came with the page, nothing else (the cache outlives a render).
    enabled: fetching && !onServer,
    initialData: first,
    ...(first ? { staleTime: FIRST_ANSWER_FRESH_MS } : {}),
  });
  const fresh = fetching ? ((onServer ? first : read.data) ?? null) : null;
  const failed = fetching && hasFailed(read);

  // No id in the address: give the item its address (replace, so Back is not doubled).
  useEffect(() => {
    if (urlId !== null || !known || !knownId) return;
    const params = new URLSearchParams(search);
    params.set('id', knownId);
    const to = sameKind
      ? { pathname, search: `?${params.toString()}` }
      : itemPath(known.kind ?? kind, knownId);
    void navigate(to, { replace: true, state: known });
  }, [urlId, known, knownId, sameKind, kind, pathname, search, navigate]);

  // The server's copy is of the other kind: its own page, with the copy as state.
  const moved =
    fresh?.status === 'ok' && fresh.item.kind && fresh.item.kind !== kind ? fresh.item : null;
  useEffect(() => {
    if (moved && urlId) {
      void navigate(itemPath(moved.kind ?? kind, urlId), { replace: true, state: moved });
    }
  }, [moved, urlId, kind, navigate]);

  const { refetch } = read;
  const retry = useCallback(() => void refetch(), [refetch]);
  // Sent to the other kind's page: nothing to show here meanwhile.
  const redirecting = moved !== null || (urlId === null && !sameKind);
  const result = resolve({ urlId, known, placeholder, fresh, failed, redirecting, retry });
  const shown = result.status === 'ready' ? result.item : null;
  useEffect(() => {
    if (shown) savePaymentItem(shown);
  }, [shown]);

  return result;
}

/** The state shown, from what is known and what the server said (see `useDetailItem`). */
function resolve({
  urlId,
  known,
  placeholder,
  fresh,
  failed,
  redirecting,
  retry,
}: {
  urlId: string | null;
  known: WireItem | null;
  placeholder: WireItem | null;
  fresh: Answer | null;
  /** The read failed (network, server). */
  failed: boolean;
  redirecting: boolean;
  retry: () => void;
}): DetailItemState {
  if (redirecting) return { status: 'loading' };
  if (urlId === null) return known ? { status: 'ready', item: known } : { status: 'none' };
  if (fresh?.status === 'ok') return { status: 'ready', item: fresh.item };
  if (fresh?.status === 'not-found') return { status: 'not-found', id: urlId };
  if (placeholder) return { status: 'ready', item: placeholder };
  if (failed) return { status: 'error', retry };
  return { status: 'loading' };
}
