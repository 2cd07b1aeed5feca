/**
 * The route's title and description in the browser: set on every navigation, unless the page
 * shows its own (`setRouteHead`). The table (`route-meta.ts`) is its own chunk, loaded with the
 * first route: the first document has its head from the server already, and the words of forty
 * routes stay out of the host's first chunk.
 */
import { setRouteHead } from '@hypertek/shared';
import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import type { ROUTE_META } from './route-meta';
import type { RoutePath } from './route-table';

type RouteMetaTable = typeof ROUTE_META;

let table: RouteMetaTable | null = null;
let loading: Promise<RouteMetaTable> | null = null;

function loadRouteMeta(): Promise<RouteMetaTable> {
  loading ??= import(/* webpackChunkName: "route-meta" */ './route-meta').then(
    (module) => (table = module.ROUTE_META),
  );
  return loading;
}

/**
 * Sets `path`'s head when the route shows (now, or once the table has loaded). Not on the
 * document's first entry: the server wrote that page's head (an item page's own, or its 404's),
 * and the route's would only flash in the tab before the page's.
 */
export function useRouteHead(path: RoutePath): void {
  const firstEntry = useRef(useLocation().key === 'default');
  useLayoutEffect(() => {
    if (firstEntry.current) {
      firstEntry.current = false;
      return;
    }
    if (table) return setRouteHead(table[path]);
    let current = true;
    loadRouteMeta().then(
      (loaded) => {
        if (current) setRouteHead(loaded[path]);
      },
      // No table (a failed chunk load): the document keeps the head it has.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [path]);
}
