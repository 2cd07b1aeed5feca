// Pages drawn in this process from their Node builds: a remote's page (`<remote>/prerender/
// <module>.cjs`, published by its build beside its snapshot) and the host's whole site
// (`host/prerender/site.cjs`), loaded from their source with `vm` and rendered with React.
//
// Why not @module-federation/node (docs/architecture.md, "Pages drawn on the server"): it loads a
// remote's *server* federation container (a second build of every remote, `target: 'async-node'`,
// `library: 'commonjs-module'`, chunks fetched over HTTP) into one federation runtime per process,
// where a remote's name stands for one container at a time. The host's server draws different
// releases of one remote for different visitors at once (live, a canary's side, a preview) and
// picks up a remote redeployed alone within seconds; here a module is kept by its source, so two
// releases live side by side and a new one is simply a new source. The page's Node build is the
// one its build already makes for its snapshot, a single file with React and React Router left
// external: nothing to negotiate in a share scope, no async chunks to fetch while rendering. It is
// evaluated in this process as @module-federation/node evaluates a fetched chunk (`vm`), once its
// bytes match the digest its release recorded (verified-files.ts): never on the remote's word.
// Worth revisiting when a page needs code split inside it on the server, or streaming rendering.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import type * as ReactModule from 'react';
import type * as ReactDomServer from 'react-dom/server';
import type * as ReactRouter from 'react-router';

/** The folder of a build where its Node builds and snapshots are. */
export const PRERENDER_DIR = 'prerender';
/** The host's Node build (scripts/rspack/prerender.mjs, SITE_MODULE), in its build's folder. */
export const SITE_FILE = 'site.cjs';
const SITE_URL = `host/${PRERENDER_DIR}/${SITE_FILE}`;

/** Where a page rendered in Node finds the site's config and its first reads' answers (shared's `serverRender`). */
const SERVER_RENDER_KEY = Symbol.for('hypertek.serverRender');

/**
 * The data cache the pages share (shared's query-client.ts, one per process on `globalThis`):
 * emptied around every render, so that a page is drawn only with the answers given for it, never
 * with another request's (the browser that hydrates it has none of those).
 */
const QUERY_CLIENT_KEY = Symbol.for('hypertek.queryClient');
const forgetData = () =>
  (globalThis as unknown as Record<symbol, { clear?: () => void } | undefined>)[
    QUERY_CLIENT_KEY
  ]?.clear?.();

/**
 * A module's source, named shortly (a cache key). Kept per source: the same host build and page
 * modules come with every request, and hashing them each time (hundreds of kB) would sit on every
 * navigation's path.
 */
const digests = new Map<string, string>();
const digest = (source: string) => {
  let named = digests.get(source);
  if (named === undefined) {
    named = `${source.length}:${createHash('sha1').update(source).digest('base64url')}`;
    if (digests.size >= 32) digests.delete(digests.keys().next().value ?? '');
    digests.set(source, named);
  }
  return named;
};

/** What a page's module says of its head for a read's answer (shared's `ServedPageHead`). */
export interface ServedPageHead {
  title: string;
  description: string;
  status?: number;
  canonicalPath?: string;
  image?: string;
  imageAlt?: string;
  type?: string;
  jsonLd?: object;
}

/** What a Node build exports: a page (`default`, `pageHead`) or the host's site (`renderSite`). */
interface BuiltModule {
  default?: unknown;
  pageHead?: unknown;
  renderSite?: unknown;
}
type PageHeadExport = (answer: unknown, status: number) => Partial<ServedPageHead> | null;
type RenderSite = (
  location: string,
  page: { remote: string; module: string; Page: ReactModule.ComponentType } | null,
) => string;

/** A route's page for `site`: its remote, module, and Node build's source and address. */
export interface SitePage {
  remote: string;
  module: string;
  source: string | null;
  url: string;
}

export interface PageRenderer {
  /**
   * What the page's module says of its head for a read's answer (its `pageHead(answer, status)`
   * export, see shared's `ServedPageHead`), or null: no such export, or it failed.
   */
  head: (
    source: string | null,
    url: string,
    answer: unknown,
    status: number,
  ) => ServedPageHead | null;
  /**
   * The whole site at `location` (a path with its query) as the browser's first render draws
   * it, for `hydrateRoot`: the host's Node build (`siteSource`, its `renderSite`) with the
   * route's page from its module (`page.source`, loaded like a page's), the page's first reads
   * `answers` (path → body, or null). The inner HTML of #root, or null when anything failed.
   */
  site: (
    siteSource: string | null,
    location: string,
    page: SitePage | null,
    answers: Record<string, unknown> | null,
  ) => string | null;
  /** The page's HTML at `location` (a path, with its query) with `answers` (path → body), or null. */
  render: (
    source: string | null,
    url: string,
    pathname: string,
    answers: Record<string, unknown>,
  ) => string | null;
}

/**
 * Renders a remote's page with its first read's answer, in this process: the page's Node build
 * (the same code the browser runs, React and React Router taken from the packages of the app this
 * server serves: `appDir`) inside a memory router at `pathname`, the answers readable by the page
 * for the length of the render. Module Federation's server side, reduced to what a first screen
 * needs: the live page renders over this picture (or hydrates the site drawn by `site`). Compiled
 * modules and rendered pages are kept per source and answer; anything that fails gives null (the
 * snapshot is used instead).
 */
export function createDataRenderer({
  appDir,
  config,
  log = () => {},
}: {
  appDir: string;
  config: object;
  log?: (line: string) => void;
}): PageRenderer {
  let react: {
    require: NodeJS.Require;
    createElement: typeof ReactModule.createElement;
    renderToString: typeof ReactDomServer.renderToString;
    MemoryRouter: typeof ReactRouter.MemoryRouter;
  } | null = null;
  try {
    const require = createRequire(join(appDir, 'package.json'));
    react = {
      require,
      createElement: (require('react') as typeof ReactModule).createElement,
      renderToString: (require('react-dom/server') as typeof ReactDomServer).renderToString,
      MemoryRouter: (require('react-router') as typeof ReactRouter).MemoryRouter,
    };
  } catch (error) {
    log(`compose: pages are not rendered with their data (${(error as Error).message})`);
  }
  const modules = new Map<string, BuiltModule>();
  const pages = new Map<string, string | null>();
  const keep = <T>(map: Map<string, T>, key: string, value: T, limit: number): T => {
    if (map.size >= limit) map.delete(map.keys().next().value ?? '');
    map.set(key, value);
    return value;
  };
  const load = (require: NodeJS.Require, source: string, url: string): BuiltModule => {
    const kept = modules.get(source);
    if (kept) return kept;
    const module = { exports: {} as BuiltModule };
    const evaluate = runInThisContext(`(function (exports, require, module) {${source}\n})`, {
      filename: url,
    }) as (exports: BuiltModule, require: NodeJS.Require, module: { exports: BuiltModule }) => void;
    evaluate(module.exports, require, module);
    return keep(modules, source, module.exports, 8);
  };
  /**
   * `render` (synchronous) with `answers` readable by the pages for its length and the shared
   * data cache empty before and after; its HTML, or null (and `failed` told why) when it threw.
   */
  const rendering =
    (answers: Record<string, unknown>, failed: (error: Error) => void) =>
    (render: () => string): string | null => {
      const global = globalThis as unknown as Record<symbol, unknown>;
      try {
        global[SERVER_RENDER_KEY] = { config, answers };
        forgetData();
        return render();
      } catch (error) {
        failed(error as Error);
        return null;
      } finally {
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a symbol key of the global scope, set above
        delete global[SERVER_RENDER_KEY];
        forgetData();
      }
    };
  return {
    head(source, url, answer, status) {
      if (!react || !source) return null;
      try {
        const pageHead = load(react.require, source, url).pageHead;
        if (typeof pageHead !== 'function') return null;
        const head = (pageHead as PageHeadExport)(answer, status);
        return head && typeof head.title === 'string' ? (head as ServedPageHead) : null;
      } catch (error) {
        log(`compose: ${url} gave no head (${(error as Error).message})`);
        return null;
      }
    },
    site(siteSource, location, page, answers) {
      if (!react || !siteSource || (page && !page.source)) return null;
      const { require } = react;
      const key = `site\n${location}\n${digest(siteSource)}\n${page ? `${page.url}\n${digest(page.source ?? '')}` : ''}\n${JSON.stringify(answers)}`;
      if (pages.has(key)) return pages.get(key) ?? null;
      const html = rendering(answers ?? {}, (error) =>
        log(`compose: ${location} not drawn for hydration (${error.message}); drawn as a picture`),
      )(() => {
        const renderSite = load(require, siteSource, SITE_URL).renderSite;
        if (typeof renderSite !== 'function') throw new Error('the host has no renderSite');
        const Page = page ? load(require, page.source ?? '', page.url).default : null;
        if (page && typeof Page !== 'function') throw new Error(`${page.url}: no default export`);
        return (renderSite as RenderSite)(
          location,
          page
            ? { remote: page.remote, module: page.module, Page: Page as ReactModule.ComponentType }
            : null,
        );
      });
      return keep(pages, key, html, 20);
    },
    render(source, url, pathname, answers) {
      if (!react || !source) return null;
      const { require, renderToString, createElement, MemoryRouter } = react;
      const key = `${url}\n${pathname}\n${digest(source)}\n${JSON.stringify(answers)}`;
      if (pages.has(key)) return pages.get(key) ?? null;
      const html = rendering(answers, (error) =>
        log(`compose: ${url} not rendered with its data (${error.message}); the snapshot is used`),
      )(() => {
        const Page = load(require, source, url).default;
        if (typeof Page !== 'function') throw new Error('no default export');
        return renderToString(
          createElement(
            MemoryRouter,
            { initialEntries: [pathname] },
            createElement(Page as ReactModule.ComponentType),
          ),
        );
      });
      return keep(pages, key, html, 20);
    },
  };
}
