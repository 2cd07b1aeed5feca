/** Test data as the API sends it: items and lands (users, tokens, activity: @hypertek/shared/testing). */
import {
  HOUSE_ID,
  HOUSE_NAME,
  type CatalogueItem,
  type ItemMarketState,
  type MarketOffer,
} from '@hypertek/shared';

export const makeItem = (kind: CatalogueItem['kind'], n: number): CatalogueItem => ({
  _id: `${kind}-${n}`,
  id: `${kind}-${n}`,
  kind,
  title: kind === 'nfa' ? `Neon Relic ${n}` : `Sector ${n} Parcel`,
  serialNumber: `${kind.toUpperCase()}-${n}`,
  price: 100 * n,
  image: `/media/${kind}/${n}.svg`,
});

export const makeItems = (kind: CatalogueItem['kind'], count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => makeItem(kind, from + i));

/** The house: the owner of the unsold catalogue, which lists it. */
export const HOUSE = { id: HOUSE_ID, name: HOUSE_NAME } as const;

/**
 * An item as its detail read (`search/item/{id}`) answers it: its owner and market state. By
 * default the house owns it and lists it at its price, with no offer and no reservation.
 */
export function withMarket(
  item: CatalogueItem,
  market: Partial<ItemMarketState> = {},
): CatalogueItem {
  const state: ItemMarketState = {
    owner: { ...HOUSE },
    listing: { _id: `listing-${item._id}`, price: item.price, expiresAt: null },
    offers: 0,
    reservedUntil: null,
    ...market,
  };
  return {
    ...item,
    listed: state.listing !== null,
    owner: state.owner.name,
    ownerId: state.owner.id,
    market: state,
  };
}

/** `makeItem` as the detail read answers it (see `withMarket`). */
export const makeDetailItem = (
  kind: CatalogueItem['kind'],
  n: number,
  market: Partial<ItemMarketState> = {},
) => withMarket(makeItem(kind, n), market);

const HOUR = 3_600_000;

/** An offer as the API lists it: on `item`, by Ada's rival Nova unless `overrides` say otherwise. */
export const makeOffer = (
  n: number,
  item: CatalogueItem,
  overrides: Partial<MarketOffer> = {},
): MarketOffer => ({
  _id: `offer-${n}`,
  itemId: item._id,
  kind: item.kind,
  title: item.title,
  serialNumber: item.serialNumber,
  image: item.image,
  price: item.price,
  offer: item.price - 100,
  from: 'Nova Pilot',
  fromId: 'u2',
  to: 'Ada Lovelace',
  status: 'Open',
  expiresAt: new Date(Date.now() + 6 * HOUR).toISOString(),
  createdAt: new Date(Date.now() - HOUR).toISOString(),
  reservedUntil: null,
  ...overrides,
});
