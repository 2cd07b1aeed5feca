#!/usr/bin/env node
// Ships one remote at a time, without touching the host (docs/operations.md, "Shipping a remote"):
//
//   npm run release -- publish <remote> [--no-build]   build it and publish it as a new release
//   npm run release -- promote <remote> <version>      make that release live for everyone, once
//                                                      the gate finds it fits the live host
//   npm run release -- rollback <remote>               back to the release live before it
//   npm run release -- status                          what is live, published, and the history
//
// <remote> is marketing, marketplace, account or checkout. Releases and the registry live in
// RELEASES_DIR (default .releases/ in the repository); the host's server follows the registry
// within a second. Who made a change: RELEASE_ACTOR, else git's user.email.
import { parseArgs } from 'node:util';
import { pnpm } from './pnpm.mjs';
import {
  actorFromEnvironment,
  promote,
  publish,
  remoteApp,
  rollback,
  status,
} from './release/actions.mjs';
import { assertCompatible, loadHostFacts } from './release/gate.mjs';
import { releasesDir } from './release/registry.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  allowNegative: true,
  options: {
    build: { type: 'boolean', default: true },
    json: { type: 'boolean', default: false },
    reason: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const [command, remote, version] = positionals;
const usage = `Usage:
  release publish <remote> [--no-build]
  release promote <remote> <version>
  release rollback <remote> [--reason TEXT]
  release status [--json]
<remote>: marketing, marketplace, account or checkout`;

const dir = releasesDir();
const actor = actorFromEnvironment();
const say = (line) => console.log(`[release] ${line}`);

function need(...names) {
  const given = [remote, version].slice(0, names.length);
  const missing = names.filter((_, i) => !given[i]);
  if (missing.length > 0) throw new Error(`${command} needs ${missing.join(' and ')}\n${usage}`);
}

try {
  switch (values.help ? 'help' : command) {
    case 'publish': {
      need('<remote>');
      const app = remoteApp(remote);
      if (values.build && pnpm(['--filter', app.pkg, 'build']) !== 0)
        throw new Error(`the build of ${app.name} failed: nothing published`);
      const release = await publish({ dir, remote, actor });
      say(`published ${release.remote} ${release.version} (not live yet)`);
      say(`make it live: npm run release -- promote ${release.remote} ${release.version}`);
      break;
    }
    case 'promote': {
      need('<remote>', '<version>');
      const facts = await loadHostFacts();
      const change = promote({
        dir,
        remote,
        version,
        actor,
        check: (release) => assertCompatible(release, facts),
      });
      say(
        `${change.remote}: ${change.to} is live (was ${change.from ?? 'the build served in place'})`,
      );
      break;
    }
    case 'rollback': {
      need('<remote>');
      const change = rollback({ dir, remote, actor, reason: values.reason });
      say(
        `${change.remote}: rolled back from ${change.from} to ${change.to ?? 'the build served in place'}`,
      );
      break;
    }
    case 'status': {
      const state = status({ dir });
      if (values.json) {
        console.log(JSON.stringify(state, null, 2));
        break;
      }
      for (const r of state.remotes) {
        console.log(`${r.remote.padEnd(12)} live: ${r.live ?? '(the build served in place)'}`);
        for (const release of r.releases.slice(-5))
          console.log(
            `${''.padEnd(12)} ${release.version === r.live ? '*' : ' '} ${release.version.padEnd(34)} ${release.publishedAt} ${release.publishedBy}`,
          );
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
  console.error(`[release] ${error.message}`);
  process.exit(1);
}
