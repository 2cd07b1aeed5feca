// The host's HTML, composed per navigation so that a phone paints the page before any script runs:
// - the runtime config inline (`<script type="application/json" id="runtime-config">`), which saves
//   the browser a round trip before it can ask for the route's remote;
// - for a route with a fixed path: the whole site drawn with the route's page for the browser to
//   hydrate (page-renderer.ts), or else the frame the host rendered at build time (top bar, footer;
//   see host/src/prerender/frames.tsx) around the snapshot of the page that its remote rendered at
//   build time (`<remote>/prerender/<module>.html`, see scripts/rspack/prerender.mjs); with the
//   page's stylesheet, its first reads' answers (first-reads.ts), its head (head-tags.ts; an item
//   page's, item-page.ts), and preloads of the remote's entry and page script from its manifest, so
//   they load in parallel with the host's own scripts instead of one after the other.
// The remote's files are fetched by this server and kept for a few seconds (then revalidated with
// their ETag, remote-cache.ts), so a remote redeployed alone is picked up; a remote that does not
// answer in time gives the frame with the loading state (or its last known snapshot), never a
// slower page.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RuntimeConfig } from '../runtime-config.js';
import { createFirstReads } from './first-reads.js';
import { pageHeadTags } from './head-tags.js';
import { readHostPage } from './host-page.js';
import type { ConfigChoice } from './host-page.js';
import { escapeAttribute, HYDRATE, inlineStyle, NONCE, scriptJson } from './html.js';
import { createItemReader, ITEM_ID, itemHeadTags } from './item-page.js';
import { createDataRenderer, PRERENDER_DIR, SITE_FILE } from './page-renderer.js';
import type { PageRenderer } from './page-renderer.js';
import { createRemoteCache } from './remote-cache.js';
import type { RemoteCache } from './remote-cache.js';
import { verifiedFiles } from './verified-files.js';
import type { PinChecker, Refusal } from './verified-files.js';
import { pageAssets, snapshotParts } from './snapshot.js';

/** What a route's frame says of it (host/src/prerender/frames.tsx, `Frames`): the part read here. */
interface RouteMeta {
  title: string;
  description: string;
  index?: boolean;
}
interface Frame extends RouteMeta {
  remote: string;
  module: string;
  path?: string;
  html: string;
}
interface Frames {
  slot: string;
  loading: string;
  routes: Partial<Record<string, Frame>>;
  patterns?: (RouteMeta & { pattern: string })[];
  notFound?: RouteMeta & { html: string };
}

/** What the composer reads of the runtime config (the rest goes in the page as it is). */
export type ComposerConfig = Pick<RuntimeConfig, 'apiBaseUrl' | 'remotes'>;

/** A composed answer: its status and HTML. */
export interface ComposedDocument {
  status: number;
  html: string;
}

export interface Composer {
  /** The plain page with this visitor's remotes in its config (when composing failed). */
  plainFor: (choice: ConfigChoice) => string;
  /**
   * The document of a navigation to `pathname` (and `search`, the address's query: a page opened
   * with one reads other data than its snapshot declares, so nothing of it is preloaded; an item
   * page reads the item its `id` names). `choice`: each remote's manifest for this visitor (the
   * release registry's choice; the config's by default), which release of each that is, and the
   * digests of each: the page drawn here and the scripts that take it over come from the same
   * release.
   */
  document: (pathname: string, search?: string, choice?: ConfigChoice) => Promise<ComposedDocument>;
}

/** An address's query as the browser's router sees it ('' for none). */
const searchOf = (search: string) => (search === '?' ? '' : search);
/** The frame or page as a picture until the app renders: inert, without the app's test ids. */
const picture = (html: string) =>
  `<div class="server-frame" inert>${html.replace(/ data-testid="[^"]*"/g, '')}</div>`;

export async function createComposer({
  root,
  config,
  siteUrl = 'http://localhost:3000',
  log = () => {},
  cache,
  itemReads,
  renderer,
  pins,
  onRefused = () => {},
}: {
  root: string;
  /** The runtime config (put in every page); the composer reads its API base and remotes. */
  config: ComposerConfig;
  siteUrl?: string;
  log?: (line: string) => void;
  cache?: RemoteCache | undefined;
  itemReads?: RemoteCache | undefined;
  renderer?: PageRenderer | undefined;
  /**
   * The digests a remote's files must match before this server uses them (its manifest, snapshot,
   * stylesheet, and the Node build it runs): releases/pins.ts.
   */
  pins: PinChecker;
  /** A remote's file refused (counted in the metrics). */
  onRefused?: (refusal: Refusal) => void;
}): Promise<Composer> {
  const { builtHead, plainPage, drawnPage, fontPreloads, configScript } = await readHostPage(
    root,
    config,
  );
  /** What the host's build wrote of its routes (host/src/prerender/frames.tsx, `Frames`). */
  const frames = await readFile(join(root, PRERENDER_DIR, 'frames.json'), 'utf8')
    .then((text) => JSON.parse(text) as Frames)
    .catch(() => null);
  // Every file of a remote is checked against its release's digests before it is used here.
  const remoteFiles = verifiedFiles(cache ?? createRemoteCache({ log }), pins, (refusal) => {
    log(
      `integrity: refused ${refusal.url} (${refusal.remote} ${refusal.version ?? 'served in place'}, ${refusal.file}): ${refusal.reason}`,
    );
    onRefused(refusal);
  });
  // The host's Node build: every page is drawn with the whole site's tree, for hydration.
  const siteSource = await readFile(join(root, PRERENDER_DIR, SITE_FILE), 'utf8').catch(() => null);
  // The host's packages (React, React Router) are those of the app the server serves: its build's
  // parent folder (the host's package in the repository, the image's folder in production).
  const dataRenderer = renderer ?? createDataRenderer({ appDir: dirname(root), config, log });
  const apiOrigin = new URL(config.apiBaseUrl).origin;
  const apiBase = config.apiBaseUrl.replace(/\/+$/, '');
  const site = siteUrl.replace(/\/+$/, '');
  const readItem = createItemReader({
    // An item page's read is made for every navigation (concurrent ones share it): right after a
    // sale, the buyer's reload must show them as the owner, not a copy a few seconds old.
    itemAnswers: itemReads ?? createRemoteCache({ ttlMs: 0, timeoutMs: 1_000, log }),
    remoteFiles,
    renderer: dataRenderer,
    apiBase,
    apiOrigin,
  });
  const firstReads = createFirstReads({ apiBase, apiOrigin, remoteFiles });
  // The HTTP client's chunk (axios, loaded with the first request; see shared's http-client): a
  // page that reads data when it opens needs it first thing, so it is preloaded with that page.
  const httpClient = await readdir(join(root, 'static/js'))
    .then((files) => files.find((file) => /^http-client\.[\w-]+\.js$/.test(file)))
    .catch(() => undefined);

  const siteCard = `${apiBase}/media/site-card.png`;
  /** The head of a page the frames describe (`meta`), at `path`. */
  const routeHead = (meta: RouteMeta, path: string) =>
    pageHeadTags({
      ...meta,
      canonical: meta.index ? site + path : undefined,
      image: siteCard,
      imageAlt: 'Hyper Tek',
      type: 'website',
    });
  /** The page of every other path: the build's index.html (splash) with the config inline. */
  const plainWith = (head: string, choice: ConfigChoice) =>
    plainPage(head + configScript(choice) + fontPreloads, plainPage.root);
  const patterns = (frames?.patterns ?? []).map((route) => ({
    ...route,
    regex: new RegExp(route.pattern, 'i'),
  }));
  /** A remote's file, preloaded as its runtime loads it: CORS, with `integrity` (pins.ts). */
  const remotePreload = (as: 'script' | 'style', href: string) => {
    const digest = pins.digestOf(href);
    // A script's preload carries the page's nonce too: under 'strict-dynamic' nothing else
    // lets it be fetched.
    return `<link rel="preload" as="${as}" href="${escapeAttribute(href)}" crossorigin${digest ? ` integrity="${escapeAttribute(digest)}"` : ''}${as === 'script' ? NONCE : ''}>`;
  };
  /** Fetched the way the app fetches them (CORS, no credentials), so its requests use these. */
  const fetchPreload = (href: string) =>
    `<link rel="preload" as="fetch" href="${escapeAttribute(href)}" crossorigin>`;

  /** A path no route has: its pattern's page, or the not-found page in its frame with a 404. */
  function otherPath(pathname: string, search: string, choice: ConfigChoice): ComposedDocument {
    const known = patterns.find((route) => route.regex.test(pathname));
    if (known || !frames?.notFound)
      return {
        status: 200,
        html: plainWith(known ? routeHead(known, pathname) : builtHead, choice),
      };
    // Nobody's path: the not-found page in its frame, with a 404 (the live app shows the same).
    const notFound = frames.notFound;
    const head = routeHead(notFound, pathname) + configScript(choice) + fontPreloads;
    const hydratable = dataRenderer.site(siteSource, pathname + searchOf(search), null, null);
    return {
      status: 404,
      html:
        hydratable === null
          ? drawnPage(head, picture(notFound.html))
          : drawnPage(head, hydratable, HYDRATE),
    };
  }

  /** A route of a remote: its page drawn with its first reads, its assets preloaded. */
  async function routePage(
    frames: Frames,
    frame: Frame,
    key: string,
    manifestUrl: string,
    { pathname, search, choice }: Navigation,
  ): Promise<ComposedDocument> {
    const snapshotUrl = new URL(`${PRERENDER_DIR}/${frame.module}.html`, manifestUrl).toString();
    const [snapshot, manifest] = await Promise.all([
      remoteFiles.get(snapshotUrl),
      remoteFiles.get(manifestUrl),
    ]);
    const assets = manifest
      ? pageAssets(manifest, manifestUrl, frame.module)
      : { styles: [], scripts: [] };
    // The page's stylesheets inline as well (kept and revalidated like the snapshot); a link when
    // one cannot be had.
    const styles = await Promise.all(
      assets.styles.map(async (href) => {
        const css = await remoteFiles.get(href);
        return css === null
          ? `<link rel="stylesheet" href="${escapeAttribute(href)}">`
          : inlineStyle(css, href, false);
      }),
    );
    const page = snapshotParts(snapshot ?? '');
    const moduleUrl = new URL(`${PRERENDER_DIR}/${frame.module}.cjs`, manifestUrl).toString();
    // An item page (its reads name `{id}`): the reads of the address's id, their answers in the
    // page, the page drawn with them, and the head its module writes for the first (the item's; a
    // 404 for no such item).
    const itemReads = page.fetches.filter((path) => path.includes(ITEM_ID));
    const item = itemReads.length > 0 ? await readItem(itemReads, search, moduleUrl) : null;
    const { answers, images, asked } = await firstReads(page, search, item, itemReads[0]);
    const path = frame.path ?? key;
    const head = [
      item?.head ? itemHeadTags(item.head, { site, path, apiBase }) : routeHead(frame, path),
      configScript(choice),
      fontPreloads,
      `<link rel="preconnect" href="${escapeAttribute(apiOrigin)}" crossorigin>`,
      ...styles,
      // The federation runtime still links the page's stylesheet before it runs the page. As the
      // remote's runtime asks for its files: CORS, with the release's digest (a preload that
      // differs in either is not used, and the file is fetched twice).
      ...assets.styles.map((href) => remotePreload('style', href)),
      ...assets.scripts.map((href) => remotePreload('script', href)),
      // The remote's manifest, read by the federation runtime.
      fetchPreload(manifestUrl),
      // The HTTP client (axios) comes with a page that asks the API as it opens: a read whose
      // answer is not in the page. A page whose answers are all in it loads the client with its
      // first request or at the visitor's first intent (shared's preloadHttpOnIntent): an item
      // page reads its sales history only once that section comes near the screen, which on a
      // phone it may never do (it was preloaded with item pages, and not run on /buy-land).
      ...(asked.length > 0 && httpClient
        ? [
            `<link rel="preload" as="script" href="/static/js/${escapeAttribute(httpClient)}"${NONCE}>`,
          ]
        : []),
      answers === null
        ? ''
        : `<script type="application/json" id="first-data">${scriptJson(answers)}</script>`,
      // The page's public API reads whose answers are not in it.
      ...asked.map(fetchPreload),
      ...images.map(
        (href) =>
          `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high">`,
      ),
    ].join('');
    const status = item?.head?.status === 404 ? 404 : 200;
    // The whole site with the page as the browser's first render draws it (with the first reads'
    // answers when there are any): the browser hydrates it instead of building it again.
    const pageSource =
      snapshot === null || siteSource === null ? null : await remoteFiles.get(moduleUrl);
    const hydratable =
      pageSource === null
        ? null
        : dataRenderer.site(
            siteSource,
            pathname + searchOf(search),
            { remote: frame.remote, module: frame.module, source: pageSource, url: moduleUrl },
            answers,
          );
    if (hydratable !== null) return { status, html: drawnPage(head, hydratable, HYDRATE) };
    // Otherwise a picture of the page, which the app replaces: with a recent answer, the page
    // drawn with its data (the first cards, the item itself) rather than its loading state.
    const drawn =
      answers === null || snapshot === null
        ? null
        : dataRenderer.render(
            await remoteFiles.get(moduleUrl),
            moduleUrl,
            item ? key + item.query : key,
            answers,
          );
    const body = frame.html.replace(frames.slot, () =>
      snapshot === null ? frames.loading : (drawn ?? page.html),
    );
    return { status, html: drawnPage(head, picture(body)) };
  }

  return {
    plainFor: (choice) => plainWith(builtHead, choice),
    async document(pathname, search = '', choice = { remotes: config.remotes }) {
      const key = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
      const frame = frames?.routes[key];
      if (!frames || !frame) return otherPath(pathname, search, choice);
      const manifestUrl = choice.remotes[frame.remote];
      if (!manifestUrl)
        return { status: 200, html: plainWith(routeHead(frame, frame.path ?? key), choice) };
      return routePage(frames, frame, key, manifestUrl, { pathname, search, choice });
    },
  };
}

/** A navigation: its address and this visitor's releases. */
interface Navigation {
  pathname: string;
  search: string;
  choice: ConfigChoice;
}
