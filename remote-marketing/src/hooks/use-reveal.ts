import { useHydrating } from '@hypertek/shared';
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
 *
 * Where the element is comes from the observer's first report (asynchronous, after layout), not
 * from measuring it as it is attached: a measurement there forces the browser to lay out the page
 * in the middle of hydration. Until that report the element stays as drawn (shown); one below the
 * fold is then hidden, out of sight, for its reveal.
 */
export function useReveal() {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [animatable] = useState(canAnimate);
  /** Where the observer first saw it: null until it reports. */
  const [placed, setPlaced] = useState<'on-screen' | 'below' | null>(null);
  const [inView, setInView] = useState(false);
  const hydrating = useHydrating();
  const ref = useCallback((node: HTMLElement | null) => setElement(node), []);

  useEffect(() => {
    if (!animatable || !element || inView || placed === 'on-screen') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const seen = entries.some((entry) => entry.isIntersecting);
        if (placed === null) setPlaced(seen ? 'on-screen' : 'below');
        else if (seen) setInView(true);
        if (seen) observer.disconnect();
      },
      // Any pixel 10% above the fold counts: a tall section on a short screen must still show.
      { threshold: 0, rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [animatable, element, inView, placed]);

  const animated = animatable && !hydrating && placed === 'below';
  const className = animated ? (inView ? 'mk-reveal mk-reveal-in' : 'mk-reveal') : undefined;
  return { ref, className };
}
