/** Items, users and tokens as the checkout pages receive them. */
import type { User } from '@hypertek/shared';

import type { PaymentItem } from '../lib/payment-item';

export const nfa: PaymentItem = {
  _id: 'nfa-1',
  id: 'nfa-1',
  title: 'Neon Ronin',
  serialNumber: 'HT-0042',
  price: 1800,
  image: '/uploads/ronin.png',
  description: 'A blade-runner of the 2117 grid.',
  kind: 'nfa',
};

export const land: PaymentItem = {
  _id: 'land-7',
  id: 'land-7',
  title: 'Sector 7 Parcel',
  serialNumber: 'L-007',
  price: 12.5,
  kind: 'land',
};

export const buyer: User = {
  _id: 'u1',
  id: 'u1',
  FullName: 'Ada Lovelace',
  Email: 'ada@example.com',
  Bio: '',
  Avatar: null,
  Password: true,
  DiscordId: null,
  GoogleId: null,
};

/** An unsigned JWT-shaped token that expires in an hour (the client only reads `exp`). */
export function unexpiredToken(): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u1', exp })}.c2ln`;
}

export const storeItem = (item: unknown): void =>
  localStorage.setItem('paymentItem', JSON.stringify(item));
