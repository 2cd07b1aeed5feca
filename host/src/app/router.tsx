import { useRoutes, type RouteObject } from 'react-router';

import { HomeLoading } from '../components/home-loading';
import { NotFound } from '../components/not-found';
import { Layout } from './layout';
import { RemoteRoute } from './remote-route';
import { REMOTE_ROUTES } from './route-table';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...REMOTE_ROUTES.map(({ path, remote, module }) => ({
        path,
        element: <RemoteRoute key={path} path={path} remote={remote} module={module} />,
      })),
      { path: '/home', element: <HomeLoading /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/**
 * The host's pages at the current location, inside a router: `BrowserRouter` in the site
 * (app.tsx), a `MemoryRouter` in tests. The declarative router, not the data router
 * (createBrowserRouter): no route has a loader or an action, and it is 17 kB gzip less of the
 * shared React Router (scripts/rspack/react-router-subset.mjs).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
