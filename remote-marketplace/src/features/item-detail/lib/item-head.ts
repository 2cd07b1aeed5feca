/**
 * An item page as a landing page: its title and description (the tab, a search result), and what
 * the host's web server adds for link previews and search engines (the preview card, the
 * canonical address, schema.org Product data). The same words in the HTML the server answers and
 * in the live page (docs/architecture.md § Page heads).
 */
import {
  isCatalogueItem,
  itemId,
  itemPath,
  itemSerial,
  itemTitle,
  pageTitle,
  type ItemKind,
  type PageHead,
  type ServedPageHead,
  type WireItem,
} from '@hypertek/shared';

import { itemPrice } from '../../../lib/prices';
import { marketStatus } from './market-status';

const KIND_LABEL: Record<ItemKind, string> = { nfa: 'NFA', land: 'Land' };
const KIND_NOUN: Record<ItemKind, string> = { nfa: 'NFA collectible', land: 'Land parcel' };

/**
 * The detail read of an item page's `?id=` (its `preloadFetch`: the host's web server fills in the
 * address's id, makes the read and draws the page with its answer; scripts/rspack/prerender.mjs).
 */
export const ITEM_READ = '/search/item/{id}';

/** The detail read of an item, as the page's client requests it (and as its answer is keyed). */
export const itemReadPath = (id: string): string =>
  ITEM_READ.replace('{id}', encodeURIComponent(id));

/** The title and description of an item's page: kind, serial, price and listing state. */
export function itemHead(item: WireItem, kind: ItemKind, now: number = Date.now()): PageHead {
  const title = itemTitle(item, kind);
  const serial = itemSerial(item);
  const status = marketStatus(item, null, now);
  const state =
    status.badge === 'Listed'
      ? `Listed for sale by ${status.owner}`
      : status.badge === 'Reserved'
        ? `Reserved for a buyer, owned by ${status.owner}`
        : `Not listed, owned by ${status.owner}`;
  return {
    title: pageTitle(title, KIND_LABEL[kind]),
    description: `${KIND_NOUN[kind]}${serial ? ` #${serial}` : ''} · ${itemPrice(item.price)} · ${state}. Buy, sell and trade it on the Hyper Tek marketplace.`,
  };
}

/** The page while it has no item to show (loading, failed, none): its kind's. */
export function itemPageHead(kind: ItemKind): PageHead {
  return {
    title: pageTitle(KIND_LABEL[kind]),
    description: `${KIND_NOUN[kind]}s of the Hyper Tek marketplace: buy, sell and trade them.`,
  };
}

/** The page of an id the server does not have. */
export function itemNotFoundHead(kind: ItemKind): PageHead {
  return {
    title: pageTitle(`${KIND_LABEL[kind]} not found`),
    description: `No ${KIND_LABEL[kind]} has this id on the Hyper Tek marketplace. The link may be mistyped, or the item is gone.`,
  };
}

/** Whether an answer of the detail read says there is no such item (400 or 404). */
const isMissing = (status: number): boolean => status === 404 || status === 400;

/**
 * What the host's web server writes into an item page's HTML, from the detail read's answer and
 * its HTTP status; null when the answer says neither (a failed read: the page is served plain).
 */
export function servedItemHead(
  kind: ItemKind,
  answer: unknown,
  status: number,
  now: number = Date.now(),
): ServedPageHead | null {
  if (isMissing(status)) return { status: 404, ...itemNotFoundHead(kind) };
  const item = (answer as { success?: boolean; data?: unknown } | null)?.data;
  if (status !== 200 || !isCatalogueItem(item)) return null;
  const id = itemId(item);
  // An id of the other kind (an NFA's on /buy-land): the page sends it to its own page, the
  // address that is canonical.
  const own = item.kind ?? kind;
  const head = itemHead(item, own, now);
  const market = marketStatus(item, null, now);
  const title = itemTitle(item, own);
  const serial = itemSerial(item);
  return {
    status: 200,
    ...head,
    type: 'product',
    image: `/media/items/${encodeURIComponent(id)}/card.png`,
    imageAlt: `${title}, ${KIND_NOUN[own].toLowerCase()}${serial ? ` #${serial}` : ''}`,
    canonicalPath: itemPath(own, id),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: title,
      description: item.description ?? head.description,
      ...(serial ? { sku: serial } : {}),
      category: KIND_NOUN[own],
      brand: { '@type': 'Brand', name: 'Hyper Tek' },
      offers: {
        '@type': 'Offer',
        // Prices are in USDT, a dollar stable coin; a card pays them in US dollars.
        price: item.price.toFixed(2),
        priceCurrency: 'USD',
        availability:
          market.badge === 'Listed'
            ? 'https://schema.org/InStock'
            : 'https://schema.org/OutOfStock',
        seller: { '@type': market.isHouse ? 'Organization' : 'Person', name: market.owner },
      },
    },
  };
}

/** The answer to expect as `{ status, body }` when the server put a 404 in the page for `path`. */
export function firstItemAnswer(
  answer: unknown,
): { status: 'ok'; item: WireItem } | { status: 'not-found' } | null {
  if (answer === null || typeof answer !== 'object') return null;
  const body = answer as { success?: boolean; status?: number; data?: unknown };
  if (body.success === true && isCatalogueItem(body.data)) return { status: 'ok', item: body.data };
  if (body.success === false && typeof body.status === 'number' && isMissing(body.status))
    return { status: 'not-found' };
  return null;
}
