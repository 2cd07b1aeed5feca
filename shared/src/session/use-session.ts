import { useSyncExternalStore } from 'react';

import type { Session } from '../contract/types';
import { session, SIGNED_OUT } from './session-store';

const signedOut = () => SIGNED_OUT;

/**
 * The current session; re-renders when anyone (host or remote) signs in or out. The server draws
 * every page signed out, so hydration starts signed out too and shows the visitor's session in the
 * render that follows.
 */
export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, signedOut);
}
