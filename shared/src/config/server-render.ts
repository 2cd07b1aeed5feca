/**
 * What the host's web server gives a page it renders in Node with its data (the first screen of a
 * list page, see the host's serving code): the site's runtime config and the answers of the page's
 * first reads, set under `SERVER_RENDER_KEY` on the global object for the length of that
 * synchronous render. In a browser there is none.
 */
export interface ServerRender {
  /** The runtime config the browser would read from the page. */
  config?: Record<string, unknown>;
  /** API path (as the page's client requests it) → the API's body. */
  answers?: Record<string, unknown>;
}

export const SERVER_RENDER_KEY = Symbol.for('hypertek.serverRender');

export function serverRender(): ServerRender | undefined {
  if (typeof document !== 'undefined') return undefined;
  const value = (globalThis as Record<symbol, unknown>)[SERVER_RENDER_KEY];
  return value && typeof value === 'object' ? value : undefined;
}
