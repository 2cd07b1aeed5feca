import { session, type User } from '@hypertek/shared';
import { act } from '@testing-library/react';

const base64url = (text: string): string =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A JWT-shaped token that expires an hour from now (the client checks only the expiry). */
export const validToken = (): string =>
  [
    base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    base64url(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })),
    'c2lnbmF0dXJl',
  ].join('.');

export const makeUser = (overrides: Partial<User> = {}): User => ({
  _id: '65f0c0ffee0000000000abcd',
  id: '65f0c0ffee0000000000abcd',
  FullName: 'Ada Lovelace',
  Email: 'ada@example.com',
  Bio: 'First pilot of 2117.',
  Avatar: null,
  Password: true,
  DiscordId: null,
  GoogleId: null,
  ...overrides,
});

export function signInAs(user: User = makeUser()): User {
  act(() => session.signIn(user, validToken()));
  return user;
}

export const signOut = (): void => act(() => session.signOut());
