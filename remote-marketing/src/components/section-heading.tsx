import type { ReactNode } from 'react';

interface SectionHeadingProps {
  /** Id of the heading, for the section's `aria-labelledby`. */
  id: string;
  eyebrow?: string;
  title: ReactNode;
  /** The intro paragraph under the heading. */
  children?: ReactNode;
  centered?: boolean;
}

/** The heading block every marketing section opens with: eyebrow, h2, intro. */
export function SectionHeading({ id, eyebrow, title, children, centered }: SectionHeadingProps) {
  return (
    <header className={centered ? 'mk-section-head mk-section-head-center' : 'mk-section-head'}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id}>{title}</h2>
      {children && <p className="lead">{children}</p>}
    </header>
  );
}
