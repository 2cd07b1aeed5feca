import { useEffect, useState } from 'react';

const canAnimate = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.IntersectionObserver === 'function' &&
  !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Animates an element in once, the first time it scrolls into view (SPEC §2 funnel page).
 * Put `ref` and `className` on the element. Without IntersectionObserver, or when the visitor
 * prefers reduced motion, the element is simply shown: nothing waits hidden for a scroll.
 */
export function useReveal<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [animated] = useState(canAnimate);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    if (!animated || !element || inView) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      // Any pixel 10% above the fold counts: a tall section on a short screen must still show.
      { threshold: 0, rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [animated, element, inView]);

  const className = animated ? (inView ? 'mk-reveal mk-reveal--in' : 'mk-reveal') : undefined;
  return { ref: setElement, className };
}
