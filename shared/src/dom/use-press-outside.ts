import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * Calls `onOutside` when the pointer is pressed outside `ref` (mouse, pen or touch, on the press
 * rather than the click, so a popup closes before whatever was pressed reacts), while `active`.
 * The one outside-press rule of the site's popups (the top bar's menus, the search results).
 */
export function usePressOutside(
  ref: RefObject<HTMLElement | null>,
  onOutside: () => void,
  active: boolean,
): void {
  const outside = useEffectEvent(onOutside);
  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !ref.current?.contains(event.target)) outside();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [ref, active]);
}
