/**
 * Each page's title and description: what a tab, a bookmark, a search result and a shared link
 * show. The host's web server writes them into the HTML it answers (with the link-preview tags);
 * in the browser, the host sets its route's on every navigation and a page that knows better (an
 * item page, once it has its item) sets its own after it (see docs/architecture.md § Page heads).
 */
import { useLayoutEffect } from 'react';

export const SITE_NAME = 'Hyper Tek';

/** 'Neon Basin Outpost · Land · Hyper Tek': the parts given, then the site's name. */
export const pageTitle = (...parts: string[]): string =>
  [...parts.filter((part) => part.trim() !== ''), SITE_NAME].join(' · ');

/** What a page says of itself, in its HTML's head. */
export interface PageHead {
  title: string;
  description: string;
}

/**
 * What an item page's module tells the host's web server (its `pageHead` export): the head, and
 * the rest of what a link-preview service or a search engine reads.
 */
export interface ServedPageHead extends PageHead {
  /** 404 when the address names nothing (the page then shows its not-found state). */
  status: 200 | 404;
  /** The preview picture: an API path (`/media/items/1/card.png`) or an absolute URL. */
  image?: string;
  imageAlt?: string;
  /** `og:type`: 'product' for an item, 'website' otherwise. */
  type?: 'website' | 'product';
  /** The page's canonical path on the site, with its query (`/buy-land?id=165`). */
  canonicalPath?: string;
  /** schema.org data, written as JSON-LD. */
  jsonLd?: Record<string, unknown>;
}

/** Writes the document's title and description (the description element is made if missing). */
export function setDocumentHead({ title, description }: PageHead): void {
  if (typeof document === 'undefined') return;
  if (document.title !== title) document.title = title;
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  if (meta.content !== description) meta.content = description;
}

/** How many mounted components show a head of their own (`useDocumentHead`). */
let claims = 0;

/**
 * The route's head (the host's, on navigation): written unless a page shows its own. A route's
 * head may arrive after its page's (the host loads its route table lazily), and must not undo it.
 */
export function setRouteHead(head: PageHead): void {
  if (claims === 0) setDocumentHead(head);
}

/**
 * Shows `head` while the component shows it (nothing when it is null), over the route's. A layout
 * effect: a page that goes away gives the head back before the next route's is written.
 */
export function useDocumentHead(head: PageHead | null): void {
  const title = head?.title ?? null;
  const description = head?.description ?? '';
  useLayoutEffect(() => {
    if (title === null) return;
    claims += 1;
    setDocumentHead({ title, description });
    return () => {
      claims -= 1;
    };
  }, [title, description]);
}
