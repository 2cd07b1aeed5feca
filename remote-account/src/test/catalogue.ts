import type { ActivityEntry, CatalogueItem } from '@hypertek/shared';

/** `count` catalogue entries as the API sends them: 'Item 1', 'Item 2'… priced 100, 200… */
export const makeItems = (count: number, kind: 'nfa' | 'land' = 'nfa'): CatalogueItem[] =>
  Array.from({ length: count }, (_, i) => ({
    _id: `${kind}-${i + 1}`,
    id: `${kind}-${i + 1}`,
    title: `${kind === 'nfa' ? 'Item' : 'Parcel'} ${i + 1}`,
    serialNumber: `SN-${i + 1}`,
    price: 100 * (i + 1),
    kind,
  }));

const DAY_MS = 86_400_000;
/** `count` activity entries, the n-th made n days ago. */
export const makeActivity = (count: number): ActivityEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    _id: `act-${i + 1}`,
    name: `Trade ${i + 1}`,
    type: i % 2 ? 'Sale' : 'Transfer',
    buyer: `0xbuyer${i + 1}`,
    seller: `0xseller${i + 1}`,
    price: 10 * (i + 1),
    time: new Date(Date.now() - (i + 1) * DAY_MS - 60_000).toISOString(),
  }));
