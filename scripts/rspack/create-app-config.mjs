// @ts-check
/**
 * One Rspack + Module Federation 2 configuration for every front-end app (host and remotes), so
 * the federation contract (docs/architecture.md) is written once:
 * - shared singletons react, react-dom (with `react/` and `react-dom/` prefix keys), react-router
 *   and @hypertek/shared, each with a real semver `requiredVersion` read from what is installed;
 *   `react-router` is the subset of it the apps use (react-router-subset.mjs), so it is tree-shaken;
 * - `shareStrategy: 'loaded-first'` (one offline remote must not blank the site); no `eager`;
 * - a manifest (`mf-manifest.json`) for every remote; the host declares no remotes at build time:
 *   it registers them at boot from `/config.json` (see host/src/lib/federation.ts);
 * - content-hashed chunk names (immutable caching); `remoteEntry.js` keeps a stable name;
 * - in production a remote is a container only: it uses the host's federation runtime
 *   (`externalRuntime`, -18 KB gzip per remote) and has no page of its own. Its standalone page
 *   ("its own dev page") is served by `rspack serve`, with its own runtime.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';

import { prerenderConfig } from './prerender.mjs';
import {
  assertNoManifestEnvironment,
  federationEntryWithoutPaths,
  NoFederationStatsPlugin,
  REPRODUCIBLE_IDS,
} from './reproducible.mjs';
import { checkExposes, loadRouteTable } from './route-contract.mjs';

const routeTable = await loadRouteTable();

/** @param {string} appDir @param {string} pkg */
function installedVersion(appDir, pkg) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const file = require.resolve(`${pkg}/package.json`);
  return /** @type {{version: string}} */ (JSON.parse(readFileSync(file, 'utf8'))).version;
}

/** React Router's own ES module build. @param {string} appDir @param {boolean} production */
function reactRouterBuild(appDir, production) {
  const require = createRequire(path.join(appDir, 'package.json'));
  return path.join(
    path.dirname(require.resolve('react-router/package.json')),
    `dist/${production ? 'production' : 'development'}/index.mjs`,
  );
}

/**
 * The federation runtime as ES modules. Module Federation's Rspack plugin imports its bundler
 * runtime and the external-runtime plugin as CommonJS (the paths node's `require` resolves), which
 * pulls the whole runtime in as CommonJS: nothing of it can be tree-shaken, and the plugin's own
 * switches (`target: 'web'`, `disableRemote`, defined as constants) only skip code at run time.
 * Aliasing those three imports to the packages' ES module builds (the same code, published beside
 * it) makes every runtime module ESM, so Rspack drops what is never reached: 31.7 → 25.8 kB gzip in
 * the host's entry, remoteEntry.js 14.9 → 8.5 kB. `FederationRuntimeEsmCheck` fails the build if a
 * CommonJS copy comes back (an upgrade that imports another path), which would ship both.
 * @returns {Record<string, string>}
 */
function federationRuntimeEsm() {
  const require = createRequire(import.meta.url);
  const enhanced = require.resolve('@module-federation/enhanced/rspack');
  const plugin = createRequire(enhanced).resolve('@module-federation/rspack');
  const pluginRequire = createRequire(plugin);
  const tools = pluginRequire.resolve('@module-federation/runtime-tools/bundler');
  /** @type {Record<string, string>} */
  const alias = {};
  for (const cjs of [
    createRequire(tools).resolve('@module-federation/webpack-bundler-runtime'),
    createRequire(tools).resolve('@module-federation/runtime'),
    pluginRequire.resolve('@module-federation/inject-external-runtime-core-plugin'),
  ]) {
    const esm = cjs.replace(/\.cjs$/, '.js');
    if (esm === cjs || !existsSync(esm)) throw new Error(`no ES module build beside ${cjs}`);
    alias[`${cjs}$`] = esm;
  }
  return alias;
}

/** Fails the build when a CommonJS module of the federation runtime is in it (see above). */
class FederationRuntimeEsmCheck {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FederationRuntimeEsmCheck', (compilation) => {
      compilation.hooks.finishModules.tap('FederationRuntimeEsmCheck', (modules) => {
        for (const module of modules) {
          const resource = /** @type {{ resource?: string }} */ (module).resource ?? '';
          if (/[\\/]@module-federation[\\/].*\.cjs$/.test(resource))
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `the federation runtime is bundled as CommonJS (${resource}): see federationRuntimeEsm`,
              ),
            );
        }
      });
    });
  }
}

/** A package's ES module build (its `import` export). @param {string} appDir @param {string} pkg */
function esmBuild(appDir, pkg) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const manifest = require.resolve(`${pkg}/package.json`);
  const entry = JSON.parse(readFileSync(manifest, 'utf8')).exports?.['.']?.import;
  const file = typeof entry === 'string' ? entry : entry?.default;
  if (!file) throw new Error(`${pkg} has no ES module build`);
  return path.join(path.dirname(manifest), file);
}

/** @param {string} title */
const standalonePage = (title) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#05060f" />
    <title>${title} — Hyper Tek (standalone)</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** The shared singletons; every app declares the same set. */
function sharedSingletons(appDir, eager) {
  /** @type {Record<string, {singleton: true, requiredVersion: string}>} */
  const shared = {};
  for (const [key, pkg] of [
    ['react', 'react'],
    ['react/', 'react'],
    ['react-dom', 'react-dom'],
    ['react-dom/', 'react-dom'],
    ['react-router', 'react-router'],
    ['@hypertek/shared', '@hypertek/shared'],
  ]) {
    const version = installedVersion(appDir, pkg);
    // `version` explicitly: react-router's provided module is the subset below, whose own
    // package.json (the workspace root's) has no version.
    shared[key] = { singleton: true, requiredVersion: `^${version}`, version, eager };
  }
  // The data layer (@hypertek/shared/data): one QueryClient needs one TanStack Query. Never eager:
  // it loads with the first page that reads data, not with the host's first paint.
  const query = installedVersion(appDir, '@tanstack/react-query');
  shared['@tanstack/react-query'] = {
    singleton: true,
    requiredVersion: `^${query}`,
    version: query,
    eager: false,
  };
  return shared;
}

/**
 * The host's build writes `release-host.json`: the version of each shared singleton it provides,
 * which the release gate checks a remote's release against before it goes live
 * (server/src/releases/gate.ts). `react/` provides `react/jsx-runtime` and the other subpaths.
 */
class ReleaseHostFactsPlugin {
  /** @param {Record<string, { version: string }>} shared */
  constructor(shared) {
    this.shared = Object.fromEntries(
      Object.entries(shared)
        .filter(([key]) => !key.endsWith('/'))
        .map(([key, { version }]) => [key, version]),
    );
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ReleaseHostFactsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'ReleaseHostFactsPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => {
          compilation.emitAsset(
            'release-host.json',
            new RawSource(`${JSON.stringify({ shared: this.shared }, null, 2)}\n`),
          );
        },
      );
    });
  }
}

/**
 * Where a production build is written: `dist/` in the app, or `BUILD_OUTPUT_DIR` (`release
 * publish` builds a remote aside, so the build that a running server serves in place is never
 * overwritten under it).
 * @param {string} appDir
 */
export const outputDir = (appDir, env = process.env) =>
  env.BUILD_OUTPUT_DIR ? path.resolve(env.BUILD_OUTPUT_DIR) : path.join(appDir, 'dist');

/**
 * @param {{
 *   appDir: string,            // the app's folder (import.meta.dirname)
 *   name: string,              // federation name, e.g. 'marketing'
 *   port: number,              // dev-server port
 *   title: string,             // standalone page title
 *   exposes?: Record<string, string>,
 *   prerender?: string[] | string, // a remote: exposed modules with a first-screen snapshot;
 *                                  // the host: its frame module (see prerender.mjs)
 * }} options
 * @returns {(env: unknown, argv: { mode?: string }) => import('@rspack/core').Configuration}
 */
export function createAppConfig({ appDir, name, port, title, exposes, prerender }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const isRemote = Boolean(exposes);
    if (exposes) checkExposes(routeTable, name, exposes);
    const containerOnly = isRemote && production;
    // One source, one set of bytes, wherever it is built (reproducible.mjs).
    if (production) assertNoManifestEnvironment();
    const runtimeEsm = federationRuntimeEsm();
    const federationEntry = federationEntryWithoutPaths(runtimeEsm);
    /** @param {boolean} development */
    const swcOptions = (development) => ({
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development, refresh: false } },
      },
      env: { targets: 'defaults and fully supports es6-module' },
    });
    const browser = {
      name,
      context: appDir,
      mode: production ? 'production' : 'development',
      entry: containerOnly ? {} : { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: outputDir(appDir),
        uniqueName: name,
        // The host is served at the site root: its chunks must load from '/' on every route,
        // including nested ones (/reset-password/<token>). A remote's chunks load from wherever its
        // manifest was found.
        publicPath: isRemote ? 'auto' : '/',
        filename: production ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
        chunkFilename: production ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
        cssFilename: production
          ? 'static/css/[name].[contenthash:10].css'
          : 'static/css/[name].css',
        cssChunkFilename: production
          ? 'static/css/[name].[contenthash:10].css'
          : 'static/css/[name].css',
        assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
        // Chunks are loaded with a script URL from the Trusted Types policy the site's CSP names
        // (docs/security.md); every app's runtime makes one of that name ('allow-duplicates').
        trustedTypes: { policyName: 'hypertek' },
        clean: true,
        // A remote's scripts carry `integrity`, which the browser checks only on a CORS request.
        ...(containerOnly && { crossOriginLoading: 'anonymous' }),
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        alias: {
          // The apps share only the part of React Router they use (react-router-subset.mjs).
          'react-router$': path.join(import.meta.dirname, 'react-router-subset.mjs'),
          // React Router itself, for that subset. Its exports map only names its development
          // build; production ships the production one (no dev warnings, smaller).
          'react-router-build$': reactRouterBuild(appDir, production),
          ...runtimeEsm,
          ...federationEntry.alias,
          // The apps share only the part of TanStack Query they use (react-query-subset.mjs).
          '@tanstack/react-query$': path.join(import.meta.dirname, 'react-query-subset.mjs'),
          '@tanstack/react-query-build$': esmBuild(appDir, '@tanstack/react-query'),
          ...(production && {
            // Server-only dependencies of react-router (see server-only.mjs).
            cookie$: path.join(import.meta.dirname, 'server-only.mjs'),
            'set-cookie-parser$': path.join(import.meta.dirname, 'server-only.mjs'),
          }),
        },
      },
      module: {
        rules: [
          {
            test: /\.(ts|tsx)$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: swcOptions(!production),
            type: 'javascript/auto',
          },
          // React Router's own build, with its unused components droppable (see the loader).
          ...(production
            ? [
                {
                  test: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/,
                  loader: path.join(import.meta.dirname, 'react-router-pure-loader.cjs'),
                },
              ]
            : []),
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(woff2?|png|jpe?g|gif|webp|avif)$/, type: 'asset/resource' },
          { test: /\.svg$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
        ],
      },
      plugins: [
        !containerOnly &&
          new rspack.HtmlRspackPlugin({
            // The host has its own page (splash); a remote's standalone dev page is generated.
            ...(isRemote
              ? { templateContent: standalonePage(title) }
              : { template: path.join(appDir, 'public/index.html') }),
            title,
            // Only the entry: federation chunks are loaded by the runtime on demand.
            chunks: ['main'],
            minify: production,
          }),
        !containerOnly &&
          new rspack.CopyRspackPlugin({
            patterns: [
              {
                from: 'public',
                globOptions: { ignore: ['**/index.html'] },
                noErrorOnMissing: true,
              },
            ],
          }),
        new FederationRuntimeEsmCheck(),
        federationEntry.plugin,
        // The remote's runtime (its entry) carries the SHA-384 digest of each of its chunks and
        // loads every one with `integrity`: the entry is pinned by the release registry
        // (docs/security.md, "Integrity of remotes"), so every chunk is. No HTML page to fill.
        ...(containerOnly
          ? [
              new rspack.SubresourceIntegrityPlugin({
                hashFuncNames: ['sha384'],
                htmlPlugin: false,
                enabled: true,
              }),
            ]
          : []),
        ...(isRemote ? [] : [new ReleaseHostFactsPlugin(sharedSingletons(appDir, true))]),
        ...(isRemote ? [new NoFederationStatsPlugin()] : []),
        new ModuleFederationPlugin({
          name,
          filename: isRemote ? 'remoteEntry.js' : undefined,
          exposes,
          remotes: {},
          shared: sharedSingletons(appDir, !isRemote),
          shareStrategy: 'loaded-first',
          manifest: isRemote ? { fileName: 'mf-manifest.json' } : false,
          dts: false,
          dev: false,
          experiments: {
            // A remote loads no other remote: its runtime leaves remote loading out.
            optimization: { target: 'web', ...(isRemote && { disableRemote: true }) },
            ...(isRemote && production
              ? { externalRuntime: true }
              : { provideExternalRuntime: !isRemote }),
          },
        }),
      ],
      optimization: {
        ...(production && REPRODUCIBLE_IDS),
        splitChunks: {
          chunks: 'async',
          cacheGroups: {
            // The shared TanStack Query is its subset module and the library: one file, not the
            // library's chunk and a 0.2 kB one beside it.
            reactQuery: {
              test: /[\\/](@tanstack[\\/](react-query|query-core)[\\/]|react-query-subset\.mjs$)/,
              name: 'react-query',
              chunks: 'async',
              enforce: true,
            },
          },
        },
      },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false } },
      },
      stats: production ? 'errors-warnings' : 'minimal',
    };
    if (!production || !prerender) return browser;
    const modules =
      typeof prerender === 'string'
        ? { frames: prerender }
        : Object.fromEntries(prerender.map((module) => [module, exposes?.[`./${module}`] ?? '']));
    for (const [module, file] of Object.entries(modules))
      if (!file) throw new Error(`${name}: prerender lists '${module}', which it does not expose`);
    return [
      browser,
      prerenderConfig({
        appDir,
        outDir: outputDir(appDir),
        name,
        modules,
        swcOptions: swcOptions(false),
        render: typeof prerender === 'string' ? 'shell' : 'page',
      }),
    ];
  };
}
