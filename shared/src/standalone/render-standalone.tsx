/**
 * The standalone page of a remote: its own pages under a minimal frame, for the team that owns
 * it (`pnpm --filter @hypertek/remote-<name> dev`). In the site the host renders the pages instead.
 */
import '../tokens/tokens.css';
import '../tokens/ui.css';

import { StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';

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

export async function renderStandalone(name: string, pages: StandalonePage[]): Promise<void> {
  await loadRuntimeConfig();
  const router = createBrowserRouter([
    {
      element: <Frame name={name} pages={pages} />,
      children: pages.map(({ path, Page }) => ({ path, element: <Page /> })),
    },
  ]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
