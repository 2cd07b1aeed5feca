import { useEffect, useRef, useState } from 'react';

const canAnimate = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.IntersectionObserver === 'function' &&
  !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Animates a section in once, the first time it scrolls into view (SPEC §2 funnel page).
 * Spread `ref` and `className` on the element. Without IntersectionObserver, or when the visitor
 * prefers reduced motion, the section is simply shown: nothing is ever hidden waiting for a scroll.
 */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [animated] = useState(canAnimate);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!animated || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [animated]);

  const className = animated ? (inView ? 'mk-reveal mk-reveal--in' : 'mk-reveal') : undefined;
  return { ref, className };
}
