import { act, render, screen } from '@testing-library/react';

import { makeUser, validToken } from '../testing/fixtures';
import { session } from './session-store';
import { useSession } from './use-session';

function Greeting() {
  const { user, isLoggedInUser } = useSession();
  return <p>{isLoggedInUser && user ? `Hello, ${user.FullName}` : 'Signed out'}</p>;
}

/** The greetings on screen, as the user reads them. */
const shown = () => screen.getAllByRole('paragraph').map((p) => p.textContent);

afterEach(() => act(() => session.signOut()));

describe('useSession', () => {
  it('shows the current session and re-renders on sign-in and sign-out', () => {
    render(<Greeting />);
    expect(shown()).toEqual(['Signed out']);

    act(() => session.signIn(makeUser({ FullName: 'Zoë Ñúñez' }), validToken()));
    expect(shown()).toEqual(['Hello, Zoë Ñúñez']);

    act(() => session.signOut());
    expect(shown()).toEqual(['Signed out']);
  });

  it('re-renders every mounted component (host and remotes share the store)', () => {
    render(
      <>
        <Greeting />
        <Greeting />
      </>,
    );

    act(() => session.signIn(makeUser({ FullName: 'Ada Lovelace' }), validToken()));

    expect(shown()).toEqual(['Hello, Ada Lovelace', 'Hello, Ada Lovelace']);
  });

  it('shows a profile update', () => {
    act(() => session.signIn(makeUser({ FullName: 'Ada Lovelace' }), validToken()));
    render(<Greeting />);

    act(() => session.updateUser(makeUser({ FullName: 'Grace Hopper' })));

    expect(shown()).toEqual(['Hello, Grace Hopper']);
  });
});
