import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

/** Where a navigation ended when no page of the test serves it. */
function Elsewhere() {
  const { pathname } = useLocation();
  return <p>Now at {pathname}</p>;
}

/**
 * Renders `pages` (path → element) in a memory router at `at`, as the host would. Any other path
 * shows 'Now at <path>', so a redirect is visible; the router's location is returned too.
 */
export function renderAt(at: string, pages: Record<string, ReactElement>) {
  const router = createMemoryRouter(
    [
      ...Object.entries(pages).map(([path, element]) => ({ path, element })),
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [at] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, path: () => router.state.location.pathname };
}
