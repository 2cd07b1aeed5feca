/**
 * Runs every `*.test.ts` under test/ with Node's built-in runner (Node 20 has no glob in
 * `--test`). Extra arguments pass through, e.g. `pnpm test -- --test-name-pattern=search`.
 *
 * The seeded database every test app starts from is made once here: on the embedded database,
 * handed to the test processes as a file (`HYPERTEK_TEST_DB_SNAPSHOT`); on a PostgreSQL server,
 * as a template database each test app's is copied from (`HYPERTEK_TEST_DB_TEMPLATE`). See
 * helpers.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { seedIfEmpty } from '../src/plugins/app/database';
import { makeSeededSnapshot } from './helpers';
import { createServerDatabase, type ServerDatabase } from './support/server-database';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--files=test/a.test.ts,test/b.test.ts` runs only those (the flake hunt, bench/flake-hunt.ts).
const only = process.argv.find((arg) => arg.startsWith('--files='));
const passThrough = process.argv.slice(2).filter((arg) => arg !== only);
const files =
  only !== undefined
    ? only.slice('--files='.length).split(',')
    : readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.ts'))
        .map((file) => relative(root, join(root, 'test', file)))
        .sort();

const { databaseUrl } = loadConfig();
const dir = mkdtempSync(join(tmpdir(), 'hypertek-api-run-'));
const env = { ...process.env };
const started = performance.now();
let template: ServerDatabase | null = null;
if (databaseUrl === null || databaseUrl === 'memory://') {
  const snapshot = join(dir, 'seeded.tar');
  writeFileSync(snapshot, Buffer.from(await (await makeSeededSnapshot()).arrayBuffer()));
  env.HYPERTEK_TEST_DB_SNAPSHOT = snapshot;
} else {
  // On a PostgreSQL server: a seeded database that each test app's is created from.
  template = await createServerDatabase(databaseUrl, 'hypertek_template');
  const database = await openDatabase({ databaseUrl: template.url, dataDir: '' });
  try {
    await seedIfEmpty(database);
  } finally {
    await database.close();
  }
  env.HYPERTEK_TEST_DB_TEMPLATE = template.name;
}
console.log(`# seeded database made in ${Math.round(performance.now() - started)} ms`);
try {
  // From Node 22.8 every file runs in this one process (`--test-isolation=none`): no process,
  // TypeScript compile and module graph per file. The run takes one core instead of two, and on
  // Node 26 about 215 s instead of 420 s. Node 20 has no such option: a process per file, two at
  // a time.
  // (Node 22 names the option `--experimental-test-isolation`.)
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  const isolation =
    major >= 24
      ? ['--test-isolation=none']
      : major > 22 || (major === 22 && minor >= 8)
        ? ['--experimental-test-isolation=none']
        : ['--test-concurrency=2'];
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', ...isolation, ...passThrough, ...files],
    { cwd: root, stdio: 'inherit', env },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
  await template?.drop();
}
