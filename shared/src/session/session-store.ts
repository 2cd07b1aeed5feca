/**
 * The session (docs/product.md, Entities): a store for `useSyncExternalStore`, persisted under `auth` in local
 * storage, expiry checked on start and on every read of the token.
 *
 * WARNING: apps never read or write local storage for the session themselves; they go through
 * this store, which is a federation singleton, so every app sees the same session.
 */
import type { Session, User } from '../contract/types';
import { bus } from '../events/event-bus';
import { isTokenExpired } from './jwt';

export const SESSION_STORAGE_KEY = 'auth';
/** The product also keeps the bare token under `token` after signup and chat-community sign-in. */
export const TOKEN_STORAGE_KEY = 'token';

/** Nobody signed in: what the server draws, and what the browser hydrates before reading storage. */
export const SIGNED_OUT: Session = Object.freeze({
  user: null,
  token: null,
  isLoggedInUser: false,
});

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the session lives in memory only
  }
}

function readSaved(): Session {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return SIGNED_OUT;
  try {
    const saved = JSON.parse(raw) as Partial<Session>;
    if (typeof saved.token !== 'string' || !saved.user || isTokenExpired(saved.token))
      return SIGNED_OUT;
    return Object.freeze({ user: saved.user, token: saved.token, isLoggedInUser: true });
  } catch {
    return SIGNED_OUT;
  }
}

/** Signed out: neither the session nor the bare token stays saved. */
function clearSaved(): void {
  const store = storage();
  store?.removeItem(SESSION_STORAGE_KEY);
  store?.removeItem(TOKEN_STORAGE_KEY);
}

type Listener = () => void;

export interface SessionStore {
  getSnapshot: () => Session;
  subscribe: (listener: Listener) => () => void;
  /** Signed in after signup, login, wallet, Google or Discord. */
  signIn: (user: User, token: string, options?: { alsoSaveToken?: boolean }) => void;
  /** Replace the user after a profile update (the token stays). */
  updateUser: (user: User) => void;
  signOut: () => void;
  /** The token when signed in and not expired; an expired token signs out. */
  getToken: () => string | null;
  /** Re-read local storage (another tab changed it) and drop an expired session. */
  refresh: () => void;
}

export function createSessionStore(): SessionStore {
  let current: Session = readSaved();
  if (!current.isLoggedInUser) clearSaved();
  const listeners = new Set<Listener>();

  const set = (next: Session) => {
    if (next === current) return;
    current = next;
    if (next.isLoggedInUser) storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
    else clearSaved();
    for (const listener of [...listeners]) listener();
    bus.emit('session:changed', next);
  };

  return {
    getSnapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    signIn(user, token, options = {}) {
      // Before `set`, so listeners find storage complete; never keep another session's token.
      if (options.alsoSaveToken) storage()?.setItem(TOKEN_STORAGE_KEY, token);
      else storage()?.removeItem(TOKEN_STORAGE_KEY);
      set(Object.freeze({ user, token, isLoggedInUser: true }));
    },
    updateUser(user) {
      if (current.token) set(Object.freeze({ ...current, user }));
    },
    signOut: () => set(SIGNED_OUT),
    getToken() {
      if (current.token && isTokenExpired(current.token)) set(SIGNED_OUT);
      return current.token;
    },
    refresh() {
      const saved = readSaved();
      const changed =
        saved.token !== current.token ||
        JSON.stringify(saved.user) !== JSON.stringify(current.user); // a profile update
      if (changed) set(saved);
      else if (current.token && isTokenExpired(current.token)) set(SIGNED_OUT);
    },
  };
}

/** The site's session. */
export const session: SessionStore = createSessionStore();
