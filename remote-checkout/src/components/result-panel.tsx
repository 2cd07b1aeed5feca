import type { ReactNode } from 'react';

/** The shared frame of /success and /error: a glowing badge, the message, and what to do next. */
export function ResultPanel({
  tone,
  title,
  children,
  actions,
}: {
  tone: 'success' | 'error';
  title: string;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="container section co-result">
      <div className={`card co-result-card co-result-card-${tone}`}>
        <div className="co-result-badge" aria-hidden="true">
          {tone === 'success' ? (
            <svg viewBox="0 0 48 48" width="48" height="48">
              <path d="M12 25l8 8 16-18" fill="none" strokeWidth="4" strokeLinecap="round" />
            </svg>
          ) : (
            <svg viewBox="0 0 48 48" width="48" height="48">
              <path
                d="M15 15l18 18M33 15L15 33"
                fill="none"
                strokeWidth="4"
                strokeLinecap="round"
              />
            </svg>
          )}
        </div>
        <h1 className="co-result-title">{title}</h1>
        {children}
        <div className="co-result-actions">{actions}</div>
      </div>
    </div>
  );
}
