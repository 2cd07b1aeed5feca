import { createBrowserRouter, type RouteObject } from 'react-router';

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
        element: <RemoteRoute key={path} remote={remote} module={module} />,
      })),
      { path: '/home', element: <HomeLoading /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
