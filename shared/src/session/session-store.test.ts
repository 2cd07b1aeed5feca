import type { Session, User } from '../contract/types';
import { bus } from '../events/event-bus';
import { expiredToken, makeUser, validToken } from '../testing/fixtures';
import { createSessionStore, SESSION_STORAGE_KEY, TOKEN_STORAGE_KEY } from './session-store';

const SIGNED_OUT: Session = { user: null, token: null, isLoggedInUser: false };

/** What another tab (or an earlier visit) left under `auth`. */
const saveAuth = (session: Partial<Session>) =>
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
const savedAuth = (): unknown => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');
const savedToken = () => localStorage.getItem(TOKEN_STORAGE_KEY);

/** A store signed in as `user` with a valid token, and a spy told of every change. */
function signedInStore(user: User = makeUser(), token = validToken()) {
  const store = createSessionStore();
  store.signIn(user, token);
  const listener = jest.fn();
  store.subscribe(listener);
  return { store, listener, user, token };
}

beforeEach(() => localStorage.clear());

describe('createSessionStore: start', () => {
  it('starts signed out with nothing saved', () => {
    expect(createSessionStore().getSnapshot()).toEqual(SIGNED_OUT);
  });

  it('starts from the session saved under auth', () => {
    const user = makeUser();
    const token = validToken();
    saveAuth({ user, token, isLoggedInUser: true });

    expect(createSessionStore().getSnapshot()).toEqual({ user, token, isLoggedInUser: true });
    expect(savedAuth()).toEqual({ user, token, isLoggedInUser: true });
  });

  it.each([
    ['expired', expiredToken()],
    ['undecodable', 'not-a-jwt'],
  ])('starts signed out and removes the saved copy when the saved token is %s', (_, token) => {
    saveAuth({ user: makeUser(), token, isLoggedInUser: true });
    localStorage.setItem(TOKEN_STORAGE_KEY, token);

    expect(createSessionStore().getSnapshot()).toEqual(SIGNED_OUT);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(savedToken()).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['without a user', JSON.stringify({ token: validToken(), isLoggedInUser: true })],
    ['without a token', JSON.stringify({ user: makeUser(), isLoggedInUser: true })],
  ])('starts signed out when the saved copy is %s, and removes it', (_, raw) => {
    localStorage.setItem(SESSION_STORAGE_KEY, raw);

    expect(createSessionStore().getSnapshot()).toEqual(SIGNED_OUT);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps the session in memory when local storage is disabled', () => {
    const blocked = jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    try {
      const store = createSessionStore();
      expect(store.getSnapshot()).toEqual(SIGNED_OUT);
      store.signIn(makeUser(), validToken());
      expect(store.getSnapshot().isLoggedInUser).toBe(true);
      store.signOut();
      expect(store.getSnapshot()).toEqual(SIGNED_OUT);
    } finally {
      blocked.mockRestore();
    }
  });
});

describe('signIn', () => {
  it('sets the session and saves {user, token, isLoggedInUser: true} under auth', () => {
    const store = createSessionStore();
    const user = makeUser({ FullName: 'Zoë Ñúñez' });
    const token = validToken();

    store.signIn(user, token);

    expect(store.getSnapshot()).toEqual({ user, token, isLoggedInUser: true });
    expect(savedAuth()).toEqual({ user, token, isLoggedInUser: true });
    expect(savedToken()).toBeNull();
  });

  it('also saves the bare token under token when asked (signup, chat community)', () => {
    const store = createSessionStore();
    const token = validToken();

    store.signIn(makeUser(), token, { alsoSaveToken: true });

    expect(savedToken()).toBe(token);
  });

  it("does not leave an earlier session's bare token behind", () => {
    const store = createSessionStore();
    store.signIn(makeUser({ _id: 'a', id: 'a' }), validToken({ sub: 'a' }), {
      alsoSaveToken: true,
    });

    store.signIn(makeUser({ _id: 'b', id: 'b' }), validToken({ sub: 'b' }));

    expect(savedToken()).toBeNull();
  });

  it('has saved the bare token by the time subscribers hear of the sign-in', () => {
    const store = createSessionStore();
    const token = validToken();
    const seen: (string | null)[] = [];
    store.subscribe(() => seen.push(savedToken()));

    store.signIn(makeUser(), token, { alsoSaveToken: true });

    expect(seen).toEqual([token]);
  });

  it('gives a new, frozen snapshot that stays the same between reads', () => {
    const store = createSessionStore();
    const before = store.getSnapshot();
    store.signIn(makeUser(), validToken());
    const after = store.getSnapshot();

    expect(after).not.toBe(before);
    expect(store.getSnapshot()).toBe(after);
    expect(Object.isFrozen(after)).toBe(true);
  });
});

describe('signOut', () => {
  it('clears the session and both saved keys', () => {
    const store = createSessionStore();
    store.signIn(makeUser(), validToken(), { alsoSaveToken: true });

    store.signOut();

    expect(store.getSnapshot()).toEqual(SIGNED_OUT);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(savedToken()).toBeNull();
  });

  it('notifies nobody when already signed out', () => {
    const store = createSessionStore();
    const listener = jest.fn();
    store.subscribe(listener);

    store.signOut();

    expect(listener).not.toHaveBeenCalled();
  });
});

describe('subscribers and the bus', () => {
  it('tells every subscriber of each change until it unsubscribes', () => {
    const { store, listener } = signedInStore();
    const other = jest.fn();
    const unsubscribe = store.subscribe(other);

    store.signOut();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);

    unsubscribe();
    store.signIn(makeUser(), validToken());
    expect(listener).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it("emits 'session:changed' with the new session on the bus", () => {
    const store = createSessionStore();
    const changes: Session[] = [];
    const off = bus.on('session:changed', (next) => changes.push(next));
    const user = makeUser();
    const token = validToken();

    try {
      store.signIn(user, token);
      store.signOut();
    } finally {
      off();
    }

    expect(changes).toEqual([{ user, token, isLoggedInUser: true }, SIGNED_OUT]);
  });
});

describe('getToken', () => {
  it('gives the token while it is valid', () => {
    const { store, token, listener } = signedInStore();

    expect(store.getToken()).toBe(token);
    expect(listener).not.toHaveBeenCalled();
  });

  it('gives null when signed out', () => {
    expect(createSessionStore().getToken()).toBeNull();
  });

  it('signs out when the token has expired', () => {
    const { store, listener } = signedInStore(makeUser(), expiredToken());

    expect(store.getToken()).toBeNull();
    expect(store.getSnapshot()).toEqual(SIGNED_OUT);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('updateUser', () => {
  it('replaces the user, keeps the token, saves and notifies', () => {
    const { store, token, listener } = signedInStore();
    const updated = makeUser({ FullName: 'Grace Hopper', Bio: 'Admiral' });

    store.updateUser(updated);

    expect(store.getSnapshot()).toEqual({ user: updated, token, isLoggedInUser: true });
    expect(savedAuth()).toEqual({ user: updated, token, isLoggedInUser: true });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does nothing when signed out', () => {
    const store = createSessionStore();
    store.updateUser(makeUser());

    expect(store.getSnapshot()).toEqual(SIGNED_OUT);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe("refresh: another tab's change", () => {
  it('picks up a sign-in made in another tab', () => {
    const store = createSessionStore();
    const listener = jest.fn();
    store.subscribe(listener);
    const user = makeUser();
    const token = validToken();

    saveAuth({ user, token, isLoggedInUser: true });
    store.refresh();

    expect(store.getSnapshot()).toEqual({ user, token, isLoggedInUser: true });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('picks up a sign-out made in another tab', () => {
    const { store, listener } = signedInStore();

    localStorage.removeItem(SESSION_STORAGE_KEY);
    store.refresh();

    expect(store.getSnapshot()).toEqual(SIGNED_OUT);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('picks up a profile update made in another tab', () => {
    const { store, token } = signedInStore();
    const updated = makeUser({ FullName: 'Grace Hopper' });

    saveAuth({ user: updated, token, isLoggedInUser: true });
    store.refresh();

    expect(store.getSnapshot().user).toEqual(updated);
  });

  it('changes nothing when nothing changed', () => {
    const { store, listener } = signedInStore();
    const before = store.getSnapshot();

    store.refresh();

    expect(store.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it('signs out when the token expired meanwhile', () => {
    const { store } = signedInStore(makeUser(), expiredToken());

    store.refresh();

    expect(store.getSnapshot()).toEqual(SIGNED_OUT);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
