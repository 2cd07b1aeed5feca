// @ts-check
/**
 * First-screen snapshots: at production build time each app renders the pages it lists in
 * `prerender` to static HTML, once, in Node (React's `renderToString`, no data: what a visitor sees
 * before any request answers, i.e. the page's own loading state). The host's web server puts the
 * snapshot of the requested route into the HTML it answers (server/src/compose/), so a phone
 * paints the page's real first screen before any script arrives; the app then renders the same
 * markup over it. A remote owns its snapshots (they are in its build, next to its manifest), so a
 * remote redeployed alone updates them without the host.
 *
 * A second, Node-targeted compilation of the listed modules (React and React Router stay external,
 * required from the app's own dependencies so the page and the renderer share one React); CSS and
 * assets are left out (the browser build serves them). After it emits, each module's default export
 * is rendered inside a memory router and written to `dist/prerender/<module>.html`. A page that
 * cannot render in Node fails the build, naming the module: a snapshot is part of the page.
 *
 * A page whose first screen waits for data exports `preloadFetch`, the API paths it reads when it
 * opens (exactly as its client requests them, e.g. `/land/getland?limit=19`); they head its
 * snapshot, and the host's server asks for them with the page. It may also export `preloadImages`,
 * how many of the first read's items show their art on the first screen: the host's server reads
 * that answer and preloads those images with the page (the first card's image is a list page's
 * largest picture).
 *
 * An item page's reads take the address's id: `preloadFetch = ['/search/item/{id}', …]`, the
 * item's first. The host's server fills in `?id=`, makes the reads, puts their answers in the page
 * and draws the page with them;
 * the page's `pageHead(answer, status)` export says what the HTML's head carries for it (title,
 * description, the link-preview card, canonical address, schema.org data, and 404 for no item).
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const PRERENDER_DIR = 'prerender';
/** The host's Node build in its prerender folder: `renderSite` draws a page for hydration. */
export const SITE_MODULE = 'site.cjs';

const EMPTY_CSS_LOADER = path.join(import.meta.dirname, 'empty-module-loader.cjs');

/**
 * @param {{
 *   appDir: string,
 *   outDir: string,                    // the build's folder (the snapshots go in its prerender/)
 *   name: string,
 *   modules: Record<string, string>,   // snapshot name → source file (a page with a default export)
 *   swcOptions: object,
 *   render: 'page' | 'shell',
 * }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function prerenderConfig({ appDir, outDir, name, modules, swcOptions, render }) {
  const buildDir = path.join(appDir, 'node_modules/.cache/prerender');
  return {
    name: `${name}-prerender`,
    // After the browser build: its `clean` empties dist/, which holds the snapshots.
    dependencies: [name],
    context: appDir,
    mode: 'production',
    target: 'node20',
    entry: modules,
    output: {
      path: buildDir,
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    externalsType: 'commonjs',
    externals: [/^react($|\/)/, /^react-dom($|\/)/, /^react-router($|\/)/],
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.(ts|tsx)$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: swcOptions,
          type: 'javascript/auto',
        },
        { test: /\.css$/, loader: EMPTY_CSS_LOADER, type: 'javascript/auto' },
        {
          test: /\.(woff2?|png|jpe?g|gif|webp|avif|svg)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    devtool: false,
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [
      new PrerenderPlugin({ appDir, outDir, buildDir, names: Object.keys(modules), render }),
    ],
  };
}

/** Renders each built module after the compilation has emitted it. */
class PrerenderPlugin {
  /** @param {{ appDir: string, outDir: string, buildDir: string, names: string[], render: 'page' | 'shell' }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrerenderPlugin', async (compilation) => {
      if (compilation.getErrors().length > 0) return;
      const { appDir, buildDir, names, render } = this.options;
      const outDir = path.join(this.options.outDir, PRERENDER_DIR);
      rmSync(outDir, { recursive: true, force: true });
      mkdirSync(outDir, { recursive: true });
      const require = createRequire(path.join(appDir, 'package.json'));
      const { renderToString } = require('react-dom/server');
      const { createElement } = require('react');
      const { MemoryRouter } = require('react-router');
      for (const snapshot of names) {
        const file = path.join(buildDir, `${snapshot}.cjs`);
        delete require.cache[file];
        const built = require(file);
        try {
          if (render === 'shell') {
            // The host: one frame per route path (see host/src/prerender.tsx).
            writeFileSync(path.join(outDir, 'frames.json'), JSON.stringify(built.renderFrames()));
            // And its Node build: the web server draws each page with the whole site's tree
            // (`renderSite`), which the browser hydrates (server/src/compose/).
            copyFileSync(file, path.join(outDir, SITE_MODULE));
          } else {
            const Page = built.default;
            if (typeof Page !== 'function') throw new Error('no default export to render');
            // The API reads the page makes when it opens (its `preloadFetch` export): the host's
            // server asks for them with the page (server/src/compose/snapshot.ts, snapshotParts).
            const fetches = built.preloadFetch ?? [];
            if (
              !Array.isArray(fetches) ||
              fetches.some((f) => typeof f !== 'string' || !f.startsWith('/'))
            )
              throw new Error('preloadFetch must be a list of API paths starting with /');
            // An item page (its read takes the address's `{id}`) is drawn as it looks while an
            // item loads: its snapshot is what the server shows when it could not read the item.
            const itemPage = fetches.some((f) => f.includes('{id}'));
            if (itemPage && typeof built.pageHead !== 'function')
              throw new Error('an item page (a read with {id}) must export pageHead');
            const html = renderToString(
              createElement(
                MemoryRouter,
                { initialEntries: [`/${snapshot}${itemPage ? '?id=0' : ''}`] },
                createElement(Page),
              ),
            );
            // How many of the first read's items show their art on the first screen
            // (`preloadImages`): the host's server preloads those images with the page.
            const images = built.preloadImages ?? 0;
            if (
              !Number.isInteger(images) ||
              images < 0 ||
              images > 8 ||
              (images > 0 && !fetches.length)
            )
              throw new Error(
                'preloadImages must be a whole number from 0 to 8, with a preloadFetch',
              );
            const header =
              (fetches.length > 0 ? `<!--preload-fetch:${JSON.stringify(fetches)}-->` : '') +
              (images > 0 ? `<!--preload-images:${images}-->` : '');
            writeFileSync(path.join(outDir, `${snapshot}.html`), header + html);
            // And its Node build: the host's server draws the page inside the site (with the first
            // read's answer when it has one), and the browser hydrates that
            // (server/src/compose/).
            copyFileSync(file, path.join(outDir, `${snapshot}.cjs`));
          }
        } catch (error) {
          throw new Error(
            `prerender: '${snapshot}' cannot render in Node: ${/** @type {Error} */ (error).message}`,
            { cause: error },
          );
        }
      }
    });
  }
}
