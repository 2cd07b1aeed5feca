// @ts-check
/**
 * The route contract between the host and the remotes: the host's route table
 * (host/src/app/route-table.ts) is the one list of paths and the page module each shows. A remote
 * must expose exactly the pages the table gives it; its build stops otherwise, naming what is
 * missing or extra, so a route can never point at a page no remote serves.
 */
import { tsImport } from 'tsx/esm/api';

const TABLE_FILE = new URL('../../host/src/app/route-table.ts', import.meta.url).href;

/** @typedef {Record<string, Record<string, string>>} RouteTable remote → path → module */

/** @returns {Promise<RouteTable>} */
export async function loadRouteTable() {
  const { ROUTE_TABLE } = /** @type {{ ROUTE_TABLE: RouteTable }} */ (
    await tsImport(TABLE_FILE, import.meta.url)
  );
  return ROUTE_TABLE;
}

/**
 * The page modules the route table gives `remote`, sorted.
 * @param {RouteTable} table @param {string} remote
 */
export function pagesOf(table, remote) {
  return [...new Set(Object.values(table[remote] ?? {}))].sort();
}

/**
 * Throws unless `exposes` (Module Federation's map, './module' → file) exposes exactly the
 * remote's pages of the route table.
 * @param {RouteTable} table @param {string} remote @param {Record<string, string>} exposes
 */
export function checkExposes(table, remote, exposes) {
  if (!(remote in table)) throw new Error(`${remote}: the host's route table has no such remote`);
  const pages = pagesOf(table, remote);
  const exposed = Object.keys(exposes).map((key) => key.replace(/^\.\//, ''));
  const missing = pages.filter((page) => !exposed.includes(page));
  const extra = exposed.filter((page) => !pages.includes(page));
  const problems = [
    ...(missing.length ? [`does not expose ${missing.join(', ')}`] : []),
    ...(extra.length ? [`exposes ${extra.join(', ')}, which no route shows`] : []),
  ];
  if (problems.length)
    throw new Error(
      `${remote}: ${problems.join('; ')} (the host's route table, host/src/app/route-table.ts, is the list of pages)`,
    );
}
