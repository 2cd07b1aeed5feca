import { useEffect, useState } from 'react';
import { CAROUSEL_INTERVAL_MS } from '../../../data/constants';

/**
 * Auto-advancing carousel state: moves to the next item every
 * CAROUSEL_INTERVAL_MS and loops; pauses while the pointer is over it (`hover`) or while the
 * visitor has stopped it (`stopped`, WCAG 2.2.2). `goTo` jumps to an item and restarts the wait.
 */
export function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || stopped;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(
      () => setIndex((current) => (current + 1) % count),
      CAROUSEL_INTERVAL_MS,
    );
    return () => clearTimeout(timer);
  }, [index, paused, count]);

  return {
    index,
    goTo: setIndex,
    stopped,
    toggleStopped: () => setStopped((value) => !value),
    hoverHandlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
    },
  };
}
