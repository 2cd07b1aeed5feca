import type { ReactNode } from 'react';

interface PageSectionProps {
  /** Id of the heading, which labels the section. */
  id: string;
  title: string;
  /** 1 for the page's own title (the first section), 2 for a section below the hero. */
  level?: 1 | 2;
  /** A lead paragraph under the title. */
  intro?: string;
  /** Shown at the end of the header ('Explore All →'). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled section of a marketplace page: a landmark labelled by its heading. */
export function PageSection({
  id,
  title,
  level = 2,
  intro,
  action,
  className = '',
  children,
}: PageSectionProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section
      className={`container mp-section${level === 1 ? ' mp-first' : ''} ${className}`.trim()}
      aria-labelledby={id}
    >
      <header className="mp-section-header">
        <div>
          <Heading id={id}>{title}</Heading>
          {intro && <p className="lead">{intro}</p>}
        </div>
        {action}
      </header>
      {children}
    </section>
  );
}
