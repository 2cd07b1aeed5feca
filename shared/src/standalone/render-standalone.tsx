/**
 * The standalone page of a remote: its own pages under a minimal frame, for the team that owns
 * it (`pnpm --filter @hypertek/remote-<name> dev`). In the site the host renders the pages instead.
 */
import '../tokens/tokens.css';
import '../tokens/ui.css';

import { StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Outlet, useRoutes } from 'react-router';

import { loadRuntimeConfig } from '../config/runtime-config';

export interface StandalonePage {
  path: string;
  Page: ComponentType;
}

function Frame({ name, pages }: { name: string; pages: StandalonePage[] }) {
  return (
    <>
      <nav
        className="container"
        aria-label="Standalone pages"
        style={{ padding: '1rem 0', display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}
      >
        <strong>{name} (standalone)</strong>
        {pages
          .filter(({ path }) => !path.includes(':'))
          .map(({ path }) => (
            <Link key={path} to={path}>
              {path}
            </Link>
          ))}
      </nav>
      <main>
        <Suspense fallback={<div className="spinner" />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}

function Pages({ name, pages }: { name: string; pages: StandalonePage[] }) {
  return useRoutes([
    {
      element: <Frame name={name} pages={pages} />,
      children: pages.map(({ path, Page }) => ({ path, element: <Page /> })),
    },
  ]);
}

export async function renderStandalone(name: string, pages: StandalonePage[]): Promise<void> {
  await loadRuntimeConfig();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  // The declarative router, as the host's (the shared React Router is a subset without the data
  // router: scripts/rspack/react-router-subset.mjs).
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <Pages name={name} pages={pages} />
      </BrowserRouter>
    </StrictMode>,
  );
}
