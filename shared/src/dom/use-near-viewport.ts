import { useEffect, useState } from 'react';

/**
 * Whether an element is on screen or within one screen height below it: a section far below the
 * fold reads its data only once the visitor scrolls towards it, so nothing of it competes with
 * the first screen while the page loads (on a phone the home's lists are five screens down, an
 * item's sales history two). Put `ref` on the element. Without IntersectionObserver (jsdom): near
 * at once; the server draws the section as the browser first renders it, not near yet.
 */
export function useNearViewport(): {
  ref: (node: Element | null) => void;
  near: boolean;
} {
  const [element, setElement] = useState<Element | null>(null);
  // Not near on the server, as in the browser's first render: hydration adopts the same markup.
  const [near, setNear] = useState(
    () => typeof document !== 'undefined' && typeof IntersectionObserver !== 'function',
  );

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
