/** Items as the checkout pages receive them (users and tokens: @hypertek/shared/testing). */
import type { WireItem } from '@hypertek/shared';

export const nfa: WireItem = {
  _id: 'nfa-1',
  id: 'nfa-1',
  title: 'Neon Ronin',
  serialNumber: 'HT-0042',
  price: 1800,
  image: '/uploads/ronin.png',
  description: 'A blade-runner of the 2117 grid.',
  kind: 'nfa',
};

export const land: WireItem = {
  _id: 'land-7',
  id: 'land-7',
  title: 'Sector 7 Parcel',
  serialNumber: 'L-007',
  price: 12.5,
  kind: 'land',
};

export const storeItem = (item: unknown): void =>
  localStorage.setItem('paymentItem', JSON.stringify(item));
