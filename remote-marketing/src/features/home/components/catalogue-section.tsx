import { useNearViewport } from '@hypertek/shared';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';

import type { HomeList } from './catalogue-cards';

// The cards and the data layer they read through (TanStack Query, 12.9 kB): loaded when the
// section comes near the screen, not with the page.
const CatalogueCards = lazy(() => import('./catalogue-cards'));

interface CatalogueSectionProps {
  id: string;
  title: string;
  intro: string;
  list: HomeList;
}

/** A home list ('Popular Collections', 'MarketPlace'): its heading, 'View all' and its cards. */
export function CatalogueSection({ id, title, intro, list }: CatalogueSectionProps) {
  // Read once the section comes near the screen (it is far below the fold: its code, read and
  // render would otherwise compete with the first screen).
  const { ref, near } = useNearViewport();
  const loading = (
    <div className="mk-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading {title}…</span>
    </div>
  );
  return (
    <section ref={ref} className="container section" aria-labelledby={id}>
      <header className="mk-section-head mk-section-head-row">
        <div>
          <h2 id={id}>{title}</h2>
          <p className="muted">{intro}</p>
        </div>
        <Link to="/market-place" className="btn btn-ghost">
          View all
        </Link>
      </header>
      {near ? (
        <Suspense fallback={loading}>
          <CatalogueCards list={list} loading={loading} />
        </Suspense>
      ) : (
        loading
      )}
    </section>
  );
}
