import type { ReactNode } from 'react';
import { Link } from 'react-router';

import '../../../styles/profile.css';

/** An empty hold: a drifting crate over the grid (generated, decorative). */
function EmptyArt() {
  return (
    <svg className="ac-empty-art" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <ellipse cx="60" cy="100" rx="34" ry="6" fill="rgb(0 229 255 / 18%)" />
      <g fill="none" strokeWidth="2.5" strokeLinejoin="round">
        <path d="M60 22 92 38v36L60 90 28 74V38Z" stroke="#7a5cff" />
        <path d="M28 38l32 16 32-16M60 54v36" stroke="#00e5ff" />
        <path d="M44 30l32 16" stroke="#ff2bd6" strokeDasharray="4 4" />
      </g>
    </svg>
  );
}

/** An empty list: a message and 'Browse Collection'. */
export function EmptyState({
  title,
  children,
  heading: Heading = 'h1',
}: {
  title: string;
  children: ReactNode;
  /** h1 on a page of its own, h2 inside a profile tab. */
  heading?: 'h1' | 'h2';
}) {
  return (
    <div className="ac-empty">
      <EmptyArt />
      <Heading>{title}</Heading>
      <p className="muted">{children}</p>
      <Link to="/market-place" className="btn btn-primary">
        Browse Collection
      </Link>
    </div>
  );
}
