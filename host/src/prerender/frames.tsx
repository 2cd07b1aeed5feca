/**
 * The host's part of the first-screen snapshots (scripts/rspack/prerender.mjs): for every route
 * with a fixed path, the frame a signed-out visitor sees (top bar, footer) around a slot for the
 * route's page. The web server fills the slot with the remote's snapshot of that page, or with the
 * loading state when the remote has none (scripts/serve/compose.mjs). Rendered once, at build time.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';

import { Layout } from '../app/layout';
import { REMOTE_ROUTES } from '../app/route-table';
import { RouteLoading } from '../components/route-loading';
import { SNAPSHOT_SLOT } from './snapshot';

export interface Frame {
  remote: string;
  module: string;
  /** The inner HTML of #root, with SNAPSHOT_SLOT where the page goes. */
  html: string;
}

export interface Frames {
  slot: string;
  /** What the slot shows when the remote has no snapshot of the page. */
  loading: string;
  routes: Record<string, Frame>;
}

export function renderFrames(): Frames {
  const routes: Record<string, Frame> = {};
  for (const { path, remote, module } of REMOTE_ROUTES) {
    if (path.includes(':')) continue;
    const html = renderToString(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Layout />}>
            <Route
              path="*"
              element={
                <div className="remote-route" data-prerendered={remote} inert>
                  {SNAPSHOT_SLOT}
                </div>
              }
            />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    routes[path.toLowerCase()] = { remote, module, html };
  }
  return { slot: SNAPSHOT_SLOT, loading: renderToString(<RouteLoading />), routes };
}
