// Ships one remote at a time, without touching the host (docs/operations.md, "Shipping a remote"):
//
//   npm run release -- publish <remote> [--no-build]   build it and publish it as a new release
//   npm run release -- preview <remote> <version> [--minutes 60]
//                                                      a link that shows it to one browser
//   npm run release -- canary <remote> <version> <percent> [--threshold 0.2] [--min-visitors 5]
//                                                      send that share of visitors to it
//   npm run release -- promote <remote> <version>      make that release live for everyone
//   npm run release -- rollback <remote>               end a canary, else back to the release
//                                                      live before
//   npm run release -- status [--json]                 what is live, in canary, published, each
//                                                      version's visitors and failures, the history
//
// <remote> is marketing, marketplace, account or checkout. preview, canary and promote refuse a
// release that does not fit the live host (the compatibility gate). Releases live in RELEASES_DIR
// (default .releases/ in the repository); the registry there too, or in PostgreSQL when
// RELEASES_DATABASE_URL is set. The host's server follows the registry within a second. Who made
// a change: RELEASE_ACTOR, else git's user.email.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../apps.mjs';
import {
  actorFromEnvironment,
  canary,
  preview,
  promote,
  publish,
  remoteApp,
  rollback,
  status,
} from '../releases/actions.js';
import type { Check } from '../releases/actions.js';
import { releaseReadsFrom } from '../releases/canary-guard.js';
import type { ReleaseVersionFigures } from '@hypertek/shared/contract/release-status';
import { assertCompatible, loadHostFacts } from '../releases/gate.js';
import { openRegistry, releasesDir } from '../releases/registry.js';
import { releaseSecrets } from '../releases/secrets.js';
import { runtimeConfigFromEnv, siteUrl } from '../runtime-config.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  allowNegative: true,
  options: {
    build: { type: 'boolean', default: true },
    json: { type: 'boolean', default: false },
    reason: { type: 'string' },
    minutes: { type: 'string', default: '60' },
    threshold: { type: 'string', default: '0.2' },
    'min-visitors': { type: 'string', default: '5' },
    help: { type: 'boolean', short: 'h' },
  },
});
const [command, remote, version, percent] = positionals;
const usage = `Usage:
  release publish <remote> [--no-build]
  release preview <remote> <version> [--minutes 60]
  release canary <remote> <version> <percent> [--threshold 0.2] [--min-visitors 5]
  release promote <remote> <version>
  release rollback <remote> [--reason TEXT]
  release status [--json]
<remote>: marketing, marketplace, account or checkout`;

const dir = releasesDir();
const registry = openRegistry();
const actor = actorFromEnvironment();
const say = (line: string) => console.log(`[release] ${line}`);
/** The compatibility gate against the live host (its server at SITE_URL, else this checkout's build). */
const gate = async (): Promise<Check> => {
  const facts = await loadHostFacts();
  return (release) => assertCompatible(release, facts);
};

/** The positional arguments a command needs, or a refusal naming those missing. */
function need(...names: string[]): string[] {
  const given = [remote, version, percent].slice(0, names.length);
  const missing = names.filter((_, i) => !given[i]);
  if (missing.length > 0)
    throw new Error(`${command ?? ''} needs ${missing.join(' and ')}\n${usage}`);
  return given.map((value) => value ?? '');
}

/** Builds one app with the repository's pnpm (scripts/pnpm.mjs), into `outputDir`: its exit code. */
function buildApp(pkg: string, outputDir: string): number {
  return (
    spawnSync(process.execPath, [join(repoRoot, 'scripts/pnpm.mjs'), '--filter', pkg, 'build'], {
      stdio: 'inherit',
      env: { ...process.env, BUILD_OUTPUT_DIR: outputDir },
    }).status ?? 1
  );
}

try {
  switch (values.help ? 'help' : command) {
    case 'publish': {
      const [name = ''] = need('<remote>');
      const app = remoteApp(name);
      // Built aside (BUILD_OUTPUT_DIR), not over dist/: a server running on the build in place
      // keeps serving it whole. --no-build publishes dist/ as it is: made from a tree this command
      // did not see, its version carries its digest (versionOf).
      const buildDir = values.build
        ? join(dir, '.staging', `${app.name}-build-${process.pid}`)
        : undefined;
      try {
        if (buildDir && buildApp(app.pkg, buildDir) !== 0)
          throw new Error(`the build of ${app.name} failed: nothing published`);
        const release = await publish({
          dir,
          registry,
          remote: name,
          actor,
          buildDir,
          builtFromTree: Boolean(buildDir),
        });
        say(`published ${release.remote} ${release.version} (not live yet)`);
        say(`make it live: npm run release -- promote ${release.remote} ${release.version}`);
      } finally {
        if (buildDir) rmSync(buildDir, { recursive: true, force: true });
      }
      break;
    }
    case 'preview': {
      const [name = '', release = ''] = need('<remote>', '<version>');
      const { link, expires } = await preview({
        dir,
        registry,
        remote: name,
        version: release,
        minutes: Number(values.minutes),
        actor,
        signingKey: releaseSecrets().signingKey,
        siteUrl: siteUrl(),
        check: await gate(),
      });
      say(`${name} ${release} for the browser that opens this link, until ${expires}:`);
      console.log(link);
      say('everyone else keeps the live release; the banner on the site has the way out');
      break;
    }
    case 'canary': {
      const [name = '', release = '', share = ''] = need('<remote>', '<version>', '<percent>');
      const change = await canary({
        dir,
        registry,
        remote: name,
        version: release,
        percent: Number(share),
        threshold: Number(values.threshold),
        minVisitors: Number(values['min-visitors']),
        actor,
        check: await gate(),
      });
      say(`${change.remote}: ${change.to ?? ''} in canary: ${change.reason ?? ''}`);
      break;
    }
    case 'promote': {
      const [name = '', release = ''] = need('<remote>', '<version>');
      const change = await promote({
        dir,
        registry,
        remote: name,
        version: release,
        actor,
        check: await gate(),
      });
      say(
        `${change.remote}: ${change.to ?? ''} is live (was ${change.from ?? 'the build served in place'})`,
      );
      break;
    }
    case 'rollback': {
      const [name = ''] = need('<remote>');
      const change = await rollback({ dir, registry, remote: name, actor, reason: values.reason });
      say(
        `${change.remote}: rolled back from ${change.from ?? ''} to ${change.to ?? 'the build served in place'}`,
      );
      break;
    }
    case 'status': {
      const state = await status({ dir, registry });
      // Each version's visitors and failures, from the API's release reports (when it answers).
      const { stats } = releaseReadsFrom(runtimeConfigFromEnv().apiBaseUrl, releaseSecrets().token);
      let reports = 'from the API';
      const figuresOf = new Map<string, ReleaseVersionFigures[]>();
      for (const r of state.remotes) {
        const versions = await stats(r.remote).catch((error: unknown) => {
          reports = `not read (${(error as Error).message})`;
          return [] as ReleaseVersionFigures[];
        });
        r.versions = versions;
        figuresOf.set(r.remote, versions);
      }
      if (values.json) {
        console.log(JSON.stringify(state, null, 2));
        break;
      }
      console.log(`registry: ${registry.where}; visitors and failures: ${reports}`);
      for (const r of state.remotes) {
        console.log(
          `${r.remote.padEnd(12)} live: ${r.live ?? '(the build served in place)'}${r.canary ? `; canary: ${r.canary.version} to ${r.canary.percent}% (rolled back above ${Math.round(r.canary.threshold * 100)}% failures of at least ${r.canary.minVisitors} visitors)` : ''}`,
        );
        const figures = new Map((figuresOf.get(r.remote) ?? []).map((v) => [v.version, v]));
        for (const release of r.releases.slice(-5)) {
          const mark =
            release.version === r.live ? '*' : release.version === r.canary?.version ? '~' : ' ';
          const seen = figures.get(release.version);
          console.log(
            `${''.padEnd(12)} ${mark} ${release.version.padEnd(34)} ${release.publishedAt} ${release.publishedBy}${seen ? `  visitors ${seen.visitors}, failures ${seen.failures}` : ''}`,
          );
        }
      }
      console.log('\nhistory (latest last):');
      for (const c of state.history)
        console.log(
          `  #${c.revision} ${c.at} ${c.actor}: ${c.action} ${c.remote} ${c.from ?? '-'} -> ${c.to ?? '-'}${c.reason ? ` (${c.reason})` : ''}`,
        );
      break;
    }
    case 'help':
      console.log(usage);
      break;
    default:
      throw new Error(usage);
  }
} catch (error) {
  console.error(`[release] ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await registry.close();
}
