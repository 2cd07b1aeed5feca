#!/usr/bin/env node
// Runs the pinned pnpm (from package.json "packageManager") on a machine that only has Node.js and
// npm: a global pnpm of the same major is used when present, otherwise `npx pnpm@<version>`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const { packageManager } = /** @type {{ packageManager: string }} */ (
  JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))
);
const version = packageManager.split('@')[1];

/**
 * Runs pnpm with `args` (inheriting this process's output): its exit code.
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 * @returns {number}
 */
export function pnpm(args, options = {}) {
  const found = spawnSync('pnpm', ['--version'], {
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  const useGlobal = found.status === 0 && found.stdout.trim() === version;
  const [cmd, cmdArgs] = useGlobal ? ['pnpm', args] : ['npx', ['-y', `pnpm@${version}`, ...args]];
  const result = spawnSync(cmd, cmdArgs, {
    stdio: 'inherit',
    cwd: new URL('.', root).pathname,
    shell: process.platform === 'win32',
    ...options,
  });
  return result.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(pnpm(process.argv.slice(2)));
}
