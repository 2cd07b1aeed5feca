// The <head> of every composed page: its title and description, where search engines may list
// it, and its link-preview card. A route's head comes from the host's route table (its frames); an
// item page's from its page module's `pageHead` (item-page.ts).
import { escapeAttribute, scriptJson } from './html.js';

/** What a page's head says. */
export interface PageHead {
  title: string;
  description: string;
  /** Its address for search engines; none: `noindex`. */
  canonical?: string | undefined;
  image?: string | undefined;
  imageAlt?: string | undefined;
  type?: string | undefined;
  jsonLd?: object | undefined;
}

/**
 * A page's `<head>` tags: its title and description, its canonical address (a page search
 * engines may list) or `noindex`, the link-preview card (Open Graph, read by Discord, Telegram,
 * Slack, Facebook; Twitter's card) and schema.org data as JSON-LD.
 */
export function pageHeadTags(head: PageHead): string {
  // Any value a page module or frame gives (a missing title is written as it comes).
  const text = (value: unknown) =>
    escapeAttribute(String(value)).replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const meta = (attribute: string, name: string, content: string | undefined) =>
    content ? `<meta ${attribute}="${name}" content="${text(content)}">` : '';
  return [
    `<title>${text(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical !== undefined
      ? `<link rel="canonical" href="${escapeAttribute(head.canonical)}">`
      : '<meta name="robots" content="noindex">',
    meta('property', 'og:site_name', 'Hyper Tek'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:url', head.canonical),
    ...(head.image
      ? [
          meta('property', 'og:image', head.image),
          meta('property', 'og:image:type', 'image/png'),
          meta('property', 'og:image:width', '1200'),
          meta('property', 'og:image:height', '630'),
          meta('property', 'og:image:alt', head.imageAlt),
          meta('name', 'twitter:card', 'summary_large_image'),
          meta('name', 'twitter:image', head.image),
          meta('name', 'twitter:image:alt', head.imageAlt),
        ]
      : [meta('name', 'twitter:card', 'summary')]),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
  ].join('');
}
