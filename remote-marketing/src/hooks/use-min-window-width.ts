import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** True while the window is at least `minWidth` CSS pixels wide; follows resizes. */
export function useMinWindowWidth(minWidth: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth >= minWidth,
    () => false,
  );
}
