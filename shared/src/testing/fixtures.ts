/** Users and JWTs as the API makes them, and signing in through the real session store. */
import type { ActivityEntry, User } from '../contract/types';
import { session } from '../session/session-store';

/** Base64url (RFC 4648 §5, no padding) of the UTF-8 bytes of `text`, as JWTs encode their parts. */
export function base64url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (byte) =>
    String.fromCharCode(byte),
  ).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A three-part HS256-shaped JWT carrying `payload` (the signature is not checked client-side). */
export const makeToken = (payload: Record<string, unknown>): string =>
  [
    base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    base64url(JSON.stringify(payload)),
    'c2lnbmF0dXJl',
  ].join('.');

const nowSeconds = (): number => Math.floor(Date.now() / 1000);
/** A token that expires `seconds` from now (expired already if `seconds` is negative). */
export const tokenExpiringIn = (seconds: number, claims: Record<string, unknown> = {}): string =>
  makeToken({ sub: 'u1', exp: nowSeconds() + seconds, ...claims });
/** A token that expires an hour from now. */
export const validToken = (claims: Record<string, unknown> = {}): string =>
  tokenExpiringIn(3600, claims);
/** A token that expired an hour ago. */
export const expiredToken = (claims: Record<string, unknown> = {}): string =>
  tokenExpiringIn(-3600, claims);

/** Ada, the user of every test unless `overrides` say otherwise. */
export const makeUser = (overrides: Partial<User> = {}): User => ({
  _id: 'u1',
  id: 'u1',
  FullName: 'Ada Lovelace',
  Email: 'ada@example.com',
  Bio: '',
  Avatar: null,
  Password: true,
  DiscordId: null,
  GoogleId: null,
  ...overrides,
});

/** Signs in through the real session store, as a sign-in would (Ada, a token valid for an hour). */
export function signIn(user: User = makeUser(), token: string = validToken()): User {
  session.signIn(user, token);
  return user;
}

const DAY_MS = 86_400_000;

/** The n-th activity entry as the API sends it, made `daysAgo` whole days (and a minute) ago. */
export const makeActivity = (n: number, daysAgo: number): ActivityEntry => ({
  _id: `a${n}`,
  name: `Activity item ${n}`,
  type: 'Sale',
  buyer: `Buyer ${n}`,
  seller: `Seller ${n}`,
  price: 10 * n,
  time: new Date(Date.now() - daysAgo * DAY_MS - 60_000).toISOString(),
});
