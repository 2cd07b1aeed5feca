// @ts-check
/**
 * The same source builds to the same bytes, wherever the repository is and however often it is
 * built (issue 30: a release's digest identifies its code). What a production build of an app
 * needs for that, kept out of create-app-config.mjs; each piece names the cause it removes, and
 * scripts/rspack/reproducible.test.mjs builds a remote twice, and again from a copy of the
 * repository at another path, and compares every byte (docs/security.md, "Reproducible
 * releases").
 *
 * - Module and chunk ids by order (`natural`), not `deterministic`. Rspack's deterministic ids
 *   hash a module's identifier with its paths made relative, but only where a segment of the
 *   identifier is a path: a federation shared module's identifier is a sentence with the absolute
 *   path inside it (`consume shared module (default) react@^19.3.1 (strict) (fallback:
 *   /abs/…/react/index.js)`), so its id, the ids of the chunks that hold it, every chunk that
 *   requires it and every content hash changed with the folder the repository is in (a copy in
 *   another folder: 27 of marketing's 68 files different, 15 of the host's 32). Natural ids
 *   follow the module graph's order, which the source alone decides. Their cost: adding a module
 *   renumbers the ones after it, so more hashed file names change from one build to the next; a
 *   remote's release is served from its own folder anyway (`/releases/<version>/`), so nothing
 *   was cached across releases.
 * - The federation runtime's entry module (`@module-federation/runtime/rspack.js!=!data:…`), which
 *   Rspack's federation plugin generates with an absolute `import` of its bundler runtime (and,
 *   in the host, of the external-runtime plugin): the path is made a package path
 *   (`@module-federation/webpack-bundler-runtime/dist/index.cjs`) resolved by an exact alias to the
 *   same file. Else the path is in the source map's sources, in the code those carry, and in the
 *   module's identifier.
 * - Module Federation's stats file (`mf-manifest-stats.json`) is not emitted: its lists (a shared
 *   module's users, a chunk's requirements) come in the order its asynchronous analysis meets
 *   them, which changes from build to build. Nothing reads it at runtime; the host reads
 *   `mf-manifest.json`, which is stable.
 * - The manifest's `buildVersion` and `buildName` are the app's package.json version and name:
 *   Module Federation lets `MF_BUILD_VERSION` and `MF_BUILD_NAME` override them, which would make
 *   a build's bytes depend on the environment, so a production build refuses to run with either
 *   set.
 *
 * Already deterministic, and left as they are: content hashes (xxhash64 over the content),
 * `[name]`s, the prerendered snapshots and their Node builds (no clock, no path), JSON written
 * from objects built in a fixed order. No clock is read into any built file: a release's time of
 * publication is in its release.json, written beside the build and outside its digest.
 */
import path from 'node:path';

/** Environment variables that Module Federation reads into the manifest. */
export const MANIFEST_ENVIRONMENT = ['MF_BUILD_VERSION', 'MF_BUILD_NAME'];

/** What a production build sets in `optimization` for reproducible ids. */
export const REPRODUCIBLE_IDS = /** @type {const} */ ({
  moduleIds: 'natural',
  chunkIds: 'natural',
});

/**
 * The path of an installed file as a package path: what follows the last `node_modules/`.
 * @param {string} file
 */
export function packagePath(file) {
  const parts = file.split(path.sep).join('/').split('/node_modules/');
  if (parts.length < 2) throw new Error(`${file} is not inside a node_modules folder`);
  return /** @type {string} */ (parts.at(-1));
}

/**
 * Refuses a production build whose manifest would carry the environment's values (see above).
 * @param {NodeJS.ProcessEnv} [env]
 */
export function assertNoManifestEnvironment(env = process.env) {
  const set = MANIFEST_ENVIRONMENT.filter((name) => env[name] !== undefined);
  if (set.length > 0)
    throw new Error(
      `${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set: a production build takes the manifest's buildVersion and buildName from the app's package.json, so that one source builds to one set of bytes (scripts/rspack/reproducible.mjs); unset ${set.length > 1 ? 'them' : 'it'}`,
    );
}

const DATA_MODULE = 'data:text/javascript,';

/**
 * Rewrites the federation runtime's generated entry module so that it imports the runtime by
 * package path instead of by absolute path, and returns the exact aliases that resolve those
 * package paths to the same files.
 *
 * @param {Record<string, string>} runtimeAlias the exact aliases (`<absolute .cjs>$` → its ES
 *   module build) of the federation runtime's files (create-app-config.mjs,
 *   federationRuntimeEsm): every absolute import the generated module may make
 */
export function federationEntryWithoutPaths(runtimeAlias) {
  /** @type {[string, string][]} absolute path → package path */
  const renames = Object.keys(runtimeAlias).map((key) => {
    const file = key.replace(/\$$/, '');
    return [file, packagePath(file)];
  });
  /** @type {Record<string, string>} */
  const alias = Object.fromEntries(
    Object.entries(runtimeAlias).map(([key, esm]) => [
      `${packagePath(key.replace(/\$$/, ''))}$`,
      esm,
    ]),
  );

  /** @param {string} request */
  const rewrite = (request) => {
    const at = request.indexOf(DATA_MODULE);
    if (at < 0) return request;
    let source = decodeURIComponent(request.slice(at + DATA_MODULE.length));
    for (const [file, name] of renames)
      source = source.replaceAll(JSON.stringify(file), JSON.stringify(name));
    const absolute = /\bfrom\s*"((?:[A-Za-z]:)?[\\/][^"]*)"/.exec(source);
    if (absolute)
      throw new Error(
        `the federation runtime's entry module imports ${absolute[1]} by absolute path, which would make the build depend on the repository's folder: add it to federationRuntimeEsm (scripts/rspack/create-app-config.mjs)`,
      );
    return request.slice(0, at + DATA_MODULE.length) + encodeURIComponent(source);
  };

  const plugin = {
    /** @param {import('@rspack/core').Compiler} compiler */
    apply(compiler) {
      compiler.hooks.normalModuleFactory.tap('FederationEntryWithoutPaths', (factory) => {
        factory.hooks.beforeResolve.tap('FederationEntryWithoutPaths', (data) => {
          if (data.request.includes(DATA_MODULE)) data.request = rewrite(data.request);
        });
      });
    },
  };
  return { alias, plugin, rewrite };
}

/**
 * Leaves Module Federation's stats file out of the build (see above).
 */
export class NoFederationStatsPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('NoFederationStatsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'NoFederationStatsPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 1,
        },
        (assets) => {
          for (const name of Object.keys(assets))
            if (name.endsWith('mf-manifest-stats.json')) compilation.deleteAsset(name);
        },
      );
    });
  }
}
