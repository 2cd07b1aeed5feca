/** Test data as the API sends it: items and lands (users, tokens, activity: @hypertek/shared/testing). */
import type { CatalogueItem } from '@hypertek/shared';

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
