import type { ReactNode } from 'react';

import { SectionHeading } from './section-heading';

/**
 * A section of a marketing page, labelled by the heading block it opens with (eyebrow, h2, intro;
 * `SectionHeading`), then its content.
 */
export function MarketingSection({
  id,
  eyebrow,
  title,
  intro,
  centered,
  children,
}: {
  /** Id of the heading, which labels the section. */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  centered?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="container section" aria-labelledby={id}>
      <SectionHeading id={id} eyebrow={eyebrow} title={title} centered={centered}>
        {intro}
      </SectionHeading>
      {children}
    </section>
  );
}
