import { useCallback, useSyncExternalStore } from 'react';

/** Small screens: where the sell flow links straight to /wallet-connect. */
export const SMALL_SCREEN_QUERY = '(max-width: 767px)';

const matchMediaOf = (): ((query: string) => MediaQueryList) | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia.bind(window)
    : null;

/** Whether the media query matches now; re-renders when that changes. False where unknown. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = matchMediaOf()?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matchMediaOf()?.(query).matches ?? false,
    () => false,
  );
}
