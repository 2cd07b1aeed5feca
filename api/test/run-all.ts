/**
 * Runs every `*.test.ts` under test/ with Node's built-in runner (Node 20 has no glob in
 * `--test`). Extra arguments pass through, e.g. `pnpm test -- --test-name-pattern=search`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => relative(root, join(root, 'test', file)))
  .sort();

const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', ...process.argv.slice(2), ...files],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
