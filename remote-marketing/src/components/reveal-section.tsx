import type { ReactNode } from 'react';

import { useReveal } from '../hooks/use-reveal';

interface RevealSectionProps {
  /** Id of the section's heading. */
  labelledBy: string;
  id?: string;
  children: ReactNode;
}

/** A landmark section that animates in once when it scrolls into view (see useReveal). */
export function RevealSection({ labelledBy, id, children }: RevealSectionProps) {
  const { ref, className } = useReveal();
  return (
    <section id={id} ref={ref} className={className} aria-labelledby={labelledBy}>
      {children}
    </section>
  );
}
