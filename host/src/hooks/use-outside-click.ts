import { usePressOutside } from '@hypertek/shared';
import { useEffect, type RefObject } from 'react';

/** Calls `onOutside` on a pointer press outside `ref` (the site's rule) or on Escape, while `active`. */
export function useOutsideClick(
  ref: RefObject<HTMLElement | null>,
  onOutside: () => void,
  active: boolean,
): void {
  usePressOutside(ref, onOutside, active);
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onOutside();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onOutside, active]);
}
