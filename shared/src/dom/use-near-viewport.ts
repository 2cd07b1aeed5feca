import { useEffect, useState } from 'react';

/**
 * Whether an element is on screen or within one screen height below it: a section far below the
 * fold reads its data only once the visitor scrolls towards it, so nothing of it competes with
 * the first screen while the page loads (on a phone the home's lists are five screens down, an
 * item's sales history two). Put `ref` on the element. Without IntersectionObserver (a server's
 * render, jsdom): near at once.
 */
export function useNearViewport(): {
  ref: (node: Element | null) => void;
  near: boolean;
} {
  const [element, setElement] = useState<Element | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');

  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { threshold: 0, rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);

  return { ref: setElement, near };
}
