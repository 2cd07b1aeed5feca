/**
 * The host's part of the first-screen snapshots (scripts/rspack/prerender.mjs): for every route
 * with a fixed path, the frame a signed-out visitor sees (top bar, footer) around a slot for the
 * route's page. The web server fills the slot with the remote's snapshot of that page, or with the
 * loading state when the remote has none (server/src/compose/composer.ts). Rendered once, at build time.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';

import type { ReactNode } from 'react';

import { Site } from '../app/app';
import { Layout } from '../app/layout';
import { ServerPageContext, type ServerPage } from '../app/remote-route';
import { ROUTE_META, type RouteMeta } from '../app/route-meta';
import { REMOTE_ROUTES, routePattern } from '../app/route-table';
import { NOT_FOUND_HEAD, NotFound } from '../components/not-found';
import { RouteLoading } from '../components/route-loading';
import { SNAPSHOT_SLOT } from './snapshot';

export interface Frame extends RouteMeta {
  remote: string;
  module: string;
  /** The route's path as the route table writes it ('/Lands'): the canonical address's. */
  path: string;
  /** The inner HTML of #root, with SNAPSHOT_SLOT where the page goes. */
  html: string;
}

/** A route whose path has a parameter (or the host's own /home): served plain, with its head. */
export interface PatternRoute extends RouteMeta {
  /** The path as a regular expression's source, matched case-insensitively. */
  pattern: string;
  /** The remote and page it shows (none for `/home`, the host's alias of `/`). */
  remote?: string;
  module?: string;
}

export interface Frames {
  slot: string;
  /** What the slot shows when the remote has no snapshot of the page. */
  loading: string;
  routes: Record<string, Frame>;
  patterns: PatternRoute[];
  /** Any other path: the not-found page in its frame, answered with a 404. */
  notFound: RouteMeta & { html: string };
}

/** The frame (top bar, footer) around `page`, as a signed-out visitor sees it at `path`. */
const framed = (path: string, page: ReactNode): string =>
  renderToString(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={page} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );

export function renderFrames(): Frames {
  const routes: Record<string, Frame> = {};
  const patterns: PatternRoute[] = [{ pattern: '^/home/?$', ...ROUTE_META['/'], index: false }];
  for (const { path, remote, module } of REMOTE_ROUTES) {
    if (path.includes(':')) {
      patterns.push({ pattern: routePattern(path), remote, module, ...ROUTE_META[path] });
      continue;
    }
    const html = framed(
      path,
      <div className="remote-route" data-prerendered={remote} inert>
        {SNAPSHOT_SLOT}
      </div>,
    );
    routes[path.toLowerCase()] = { remote, module, path, html, ...ROUTE_META[path] };
  }
  return {
    slot: SNAPSHOT_SLOT,
    loading: renderToString(<RouteLoading />),
    routes,
    patterns,
    notFound: { html: framed('/not-found', <NotFound />), ...NOT_FOUND_HEAD },
  };
}

/**
 * The whole site at `location` (a path with its query) as the browser's first render draws it,
 * signed out, with the route's page rendered from `page` (its module, loaded by the web server)
 * inside the Suspense boundary the browser hydrates: the inner HTML of #root, for `hydrateRoot`.
 * The page's first reads are those the web server makes readable for the render (shared's
 * `serverRender`). A path of no route draws the not-found page.
 */
export function renderSite(location: string, page: ServerPage | null): string {
  return renderToString(
    <ServerPageContext value={{ page }}>
      <MemoryRouter initialEntries={[location]}>
        <Site />
      </MemoryRouter>
    </ServerPageContext>,
  );
}
