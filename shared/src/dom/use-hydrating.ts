import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * True while React renders on the server or hydrates what the server drew; false in every other
 * render. A component whose first render would differ in the browser (a window size, a stored
 * session, an observer's answer) renders as the server did while this is true, and React renders
 * it again with the browser's answer right after hydration: the HTML is adopted as it is (no
 * mismatch, nothing rebuilt) and the visitor still sees their own state a moment later.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}
