import { useCallback, useEffect, useState } from 'react';

const canAnimate = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.IntersectionObserver === 'function' &&
  !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Animates an element in once, the first time it scrolls into view.
 * Put `ref` and `className` on the element. Without IntersectionObserver, or when the visitor
 * prefers reduced motion, the element is simply shown: nothing waits hidden for a scroll. An
 * element already on screen when the page opens is shown as it is (the page drawn by the server
 * showed it already): it was not scrolled into view, and hiding it to fade it in would flash.
 */
export function useReveal() {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [animatable] = useState(canAnimate);
  const [onScreenAtOpen, setOnScreenAtOpen] = useState(false);
  const [inView, setInView] = useState(false);
  const animated = animatable && !onScreenAtOpen;

  // When the element is attached (before the first paint): is it on screen already?
  const ref = useCallback(
    (node: HTMLElement | null) => {
      if (node && animatable) {
        const { top, bottom } = node.getBoundingClientRect();
        if (top < window.innerHeight && bottom > 0) setOnScreenAtOpen(true);
      }
      setElement(node);
    },
    [animatable],
  );

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

  const className = animated ? (inView ? 'mk-reveal mk-reveal-in' : 'mk-reveal') : undefined;
  return { ref, className };
}
