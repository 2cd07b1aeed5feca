/** Test data as the API sends it: items, lands, activity (users and tokens: @hypertek/shared/testing). */
import type { ActivityEntry, CatalogueItem } from '@hypertek/shared';

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

const DAY = 86_400_000;
export const makeActivity = (n: number, daysAgo: number): ActivityEntry => ({
  _id: `a${n}`,
  name: `Activity item ${n}`,
  type: 'Sale',
  buyer: `Buyer ${n}`,
  seller: `Seller ${n}`,
  price: 10 * n,
  time: new Date(Date.now() - daysAgo * DAY - 60_000).toISOString(),
});
