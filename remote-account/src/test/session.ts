import type { User } from '@hypertek/shared';
import { makeUser as makeSharedUser, signIn } from '@hypertek/shared/testing';
import { act } from '@testing-library/react';

/** Ada as the account pages know her: a server-made id and a bio to show on the profile. */
export const makeUser = (overrides: Partial<User> = {}): User =>
  makeSharedUser({
    _id: '65f0c0ffee0000000000abcd',
    id: '65f0c0ffee0000000000abcd',
    Bio: 'First pilot of 2117.',
    ...overrides,
  });

/** Signs in as `user` with a token valid for an hour, inside `act` (the pages re-render). */
export function signInAs(user: User = makeUser()): User {
  act(() => void signIn(user));
  return user;
}
