/** Test data as the API sends it: items, lands, activity, a signed-in session. */
import { session, type ActivityEntry, type CatalogueItem, type User } from '@hypertek/shared';

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

export const USER: User = {
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

/** A JWT-shaped token without expiry (the client only decodes it). */
const TOKEN = ['eyJhbGciOiJIUzI1NiJ9', btoa(JSON.stringify({ sub: 'u1' })), 'c2ln'].join('.');

export const signIn = () => session.signIn(USER, TOKEN);

afterEach(() => {
  session.signOut();
  localStorage.clear();
});
