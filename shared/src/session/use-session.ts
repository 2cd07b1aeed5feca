import { useSyncExternalStore } from 'react';

import type { Session } from '../contract/types';
import { session } from './session-store';

/** The current session; re-renders when anyone (host or remote) signs in or out. */
export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}
