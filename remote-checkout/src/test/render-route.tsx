/** Test helpers: pages rendered in a memory router as the host renders them. */
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type InitialEntry } from 'react-router';

/** Where a page navigates to in a test: shows the path and the navigation state it received. */
export function LocationProbe() {
  const { pathname, state } = useLocation() as { pathname: string; state: unknown };
  return (
    <div>
      <p data-testid="probe-path">{pathname}</p>
      <pre data-testid="probe-state">{JSON.stringify(state ?? null)}</pre>
    </div>
  );
}

/**
 * Render `page` at `path`, entered as `entry` (a URL, or `{ pathname, state }`). Every other path
 * shows a `LocationProbe`, unless `routes` gives it a real element.
 */
export function renderPage(
  path: string,
  page: ReactElement,
  entry: InitialEntry = path,
  options: { routes?: Record<string, ReactElement>; strict?: boolean } = {},
) {
  const extra = Object.entries(options.routes ?? {}).map(([p, element]) => ({ path: p, element }));
  const router = createMemoryRouter(
    [{ path, element: page }, ...extra, { path: '*', element: <LocationProbe /> }],
    { initialEntries: [entry] },
  );
  const app = <RouterProvider router={router} />;
  return { router, ...render(options.strict ? <StrictMode>{app}</StrictMode> : app) };
}
