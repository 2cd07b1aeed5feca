/**
 * The page the web server put into the HTML (see frames.tsx): shown, inert, in place of the
 * loading state until the route's remote has rendered the live page over it, so the first screen
 * stays still. Read once, before React takes #root over.
 */
export const SNAPSHOT_SLOT = '%%hypertek-snapshot%%';

let snapshot: { pathname: string; html: string } | null = null;

/** Keeps the server-rendered page of this document, if any (call before createRoot). */
export function keepServerSnapshot(doc: Document = document): void {
  const element = doc.querySelector<HTMLElement>('[data-prerendered]');
  snapshot = element ? { pathname: doc.location.pathname, html: element.innerHTML } : null;
}

/** The kept page when `pathname` is the one it was made for, else null. */
export function serverSnapshotFor(pathname: string): string | null {
  return snapshot && snapshot.pathname.toLowerCase() === pathname.toLowerCase()
    ? snapshot.html
    : null;
}
