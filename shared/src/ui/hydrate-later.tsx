import { Suspense, useState, type ReactNode } from 'react';

import { useHydrating } from '@hypertek/shared';

/**
 * Holds the hydration of a part the server drew until it comes near the screen (`openWhenNear`).
 * A list's cards five screens down cost the page's start their hydration (React walks each one,
 * attaches its handlers and observers) for a visitor who may never scroll there; held, they stay
 * the server's HTML (visible, links and all) and hydrate once the visitor scrolls towards them.
 */
export interface HydrationGate {
  readonly promise: Promise<void>;
  open: () => void;
  opened: boolean;
  /** Renders of the held part: only the first one waits (see `Held`). */
  renders: number;
}

function createGate(): HydrationGate {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  const gate: HydrationGate = {
    promise,
    opened: false,
    renders: 0,
    open: () => {
      gate.opened = true;
      resolve();
    },
  };
  return gate;
}

/**
 * A gate while React hydrates a page the server drew in a browser that can tell when an element
 * nears the screen; null otherwise (on the server, rendering anew, in jsdom): the part renders at
 * once.
 */
export function useHydrationGate(): HydrationGate | null {
  const hydrating = useHydrating();
  const [gate] = useState(() =>
    hydrating && typeof IntersectionObserver === 'function' ? createGate() : null,
  );
  return gate;
}

/**
 * Opens the gate once one of `elements` (the held part's drawn elements) is on the screen or
 * within one screen height below it, as `useNearViewport` loads pictures. Returns the cleanup.
 */
export function openWhenNear(gate: HydrationGate | null, elements: Element[]): () => void {
  if (!gate || gate.opened || elements.length === 0) return () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      gate.open();
    },
    { threshold: 0, rootMargin: '0px 0px 100% 0px' },
  );
  for (const element of elements) observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Waits for the gate in its first render only. React renders it again before the gate opens when
 * it must hydrate the part now: the visitor clicks or focuses inside it (React hydrates the
 * target's part first and replays the event), or something above it changed. Waiting then would
 * make React throw the drawn HTML away and render the part anew, so that render goes through.
 */
function Held({ gate, children }: { gate: HydrationGate | null; children: ReactNode }) {
  // Thrown, not `use(promise)`: React replays a component that suspended on `use` a moment later,
  // and that second render would go through. A thrown promise suspends the boundary at once.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React's way to suspend here
  if (gate && !gate.opened && gate.renders++ === 0) throw gate.promise;
  return children;
}

/**
 * `children` in a Suspense boundary whose hydration waits for `gate`. The server draws the same
 * boundary, so the part is its own unit of hydration. Give it an element that stays the same
 * while the part is held (useMemo): a new element for a held boundary is an update, which
 * hydrates it at once.
 */
export function HydrateLater({
  gate,
  children,
}: {
  gate: HydrationGate | null;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={null}>
      <Held gate={gate}>{children}</Held>
    </Suspense>
  );
}
