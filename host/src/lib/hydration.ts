/**
 * Whether the route's page on screen is still the one the web server drew, not yet taken over by
 * its remote's code: in the browser, from the start of a document whose
 * `#root` the server drew for hydration (`data-hydrate`, server/src/compose/composer.ts) until that
 * page has hydrated (or failed to load). While it is, the route's element carries no
 * `data-remote`: that attribute marks a page whose code runs.
 */
let drawn: boolean | undefined;

export function pageDrawn(): boolean {
  // Read on first use: the document's #root is parsed by then (the app starts after it).
  if (typeof document === 'undefined') return true;
  drawn ??= documentDrawnForHydration();
  return drawn;
}

/** The drawn page is live (or gone): later routes render as usual. */
export function pageLive(): void {
  drawn = false;
}

/** Whether this document's #root was drawn by the server to be hydrated (read at start). */
export function documentDrawnForHydration(doc: Document = document): boolean {
  return doc.getElementById('root')?.hasAttribute('data-hydrate') === true;
}

/** For tests: read the document's mark again (a new document). */
export function forgetPageDrawn(): void {
  drawn = undefined;
}
