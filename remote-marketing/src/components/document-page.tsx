import type { ReactNode } from 'react';

export interface DocumentSection {
  /** Anchor of the section (`#id`), also used for the table of contents. */
  id: string;
  title: string;
  paragraphs: readonly ReactNode[];
  /** An optional bullet list after the paragraphs. */
  points?: readonly ReactNode[];
}

interface DocumentPageProps {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** e.g. 'Last updated 1 March 2117' */
  meta?: string;
  sections: readonly DocumentSection[];
  /** Shown under the header, before the document (e.g. a download card). */
  intro?: ReactNode;
}

/**
 * A long-form page (whitepapers, disclaimer, terms): header, a table of contents that stays in
 * view on wide screens, and numbered sections with their own anchors.
 */
export function DocumentPage({ eyebrow, title, lead, meta, sections, intro }: DocumentPageProps) {
  return (
    <div className="mk-page">
      <header className="container page-header">
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {meta && <p className="muted mk-doc-meta">{meta}</p>}
      </header>
      {intro}
      <div className="container mk-doc">
        <nav className="mk-doc-toc" aria-label="On this page">
          <p className="mk-doc-toc-title">On this page</p>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="mk-doc-body">
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>
                <span className="mk-doc-number" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                {section.title}
              </h2>
              {section.paragraphs.map((paragraph, p) => (
                <p key={p}>{paragraph}</p>
              ))}
              {section.points && (
                <ul className="mk-doc-points">
                  {section.points.map((point, p) => (
                    <li key={p}>{point}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
