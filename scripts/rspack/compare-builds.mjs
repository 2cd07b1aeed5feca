// @ts-check
/**
 * Two builds of one app, compared byte for byte (scripts/rspack/reproducible.mjs says why they
 * must be equal): what the reproducible-build test runs, and a command for anyone who wants to
 * check two build folders.
 *
 *   node scripts/rspack/compare-builds.mjs <folder> <other folder>
 *
 * prints `identical: N files` and exits 0, or prints the first difference (a file on one side
 * only, or the first file whose bytes differ, with the bytes around the first one that does) and
 * exits 1.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every file of a build folder, by its path inside it (`/`-separated), sorted. */
export function filesOf(/** @type {string} */ dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/**
 * The line of `bytes` that holds byte `at`, cut to 60 bytes either side (a minified file is one
 * long line), with its number: the two sides of a short diff.
 * @param {Buffer} bytes @param {number} at
 */
function around(bytes, at) {
  const lineStart = bytes.lastIndexOf(10, at - 1) + 1;
  const lineEnd = bytes.indexOf(10, at);
  const start = Math.max(lineStart, at - 60);
  const end = Math.min(lineEnd < 0 ? bytes.length : lineEnd, at + 60);
  let line = 1;
  for (let i = bytes.indexOf(10); i >= 0 && i < at; i = bytes.indexOf(10, i + 1)) line++;
  return `line ${line}: ${JSON.stringify(bytes.subarray(start, end).toString('utf8'))}`;
}

/**
 * The first difference between two build folders, in words (the files on one side only, and the
 * first file on both whose bytes differ), or null when every file has the same bytes on both sides.
 * @param {string} a @param {string} b
 * @returns {string | null}
 */
export function firstDifference(a, b) {
  const left = filesOf(a);
  const right = filesOf(b);
  const onlyLeft = left.filter((file) => !right.includes(file));
  const onlyRight = right.filter((file) => !left.includes(file));
  const few = (/** @type {string[]} */ files) =>
    `${files.slice(0, 5).join(', ') || '-'}${files.length > 5 ? ` (+${files.length - 5})` : ''}`;
  const lines =
    onlyLeft.length || onlyRight.length
      ? [
          'the two builds do not have the same files:',
          `  only in ${a}: ${few(onlyLeft)}`,
          `  only in ${b}: ${few(onlyRight)}`,
        ]
      : [];
  // And the first file on both sides whose bytes differ (a changed hashed name comes from the
  // bytes of another file: this one may show why).
  for (const file of left.filter((name) => right.includes(name))) {
    const x = readFileSync(path.join(a, file));
    const y = readFileSync(path.join(b, file));
    if (x.equals(y)) continue;
    let at = 0;
    while (at < x.length && at < y.length && x[at] === y[at]) at++;
    lines.push(
      `${file} differs (${x.length} and ${y.length} bytes), first at byte ${at}:`,
      `  ${a}: ${around(x, at)}`,
      `  ${b}: ${around(y, at)}`,
    );
    break;
  }
  return lines.length ? lines.join('\n') : null;
}

/**
 * Copies the repository at `root` to `to` as its working tree is (the files git tracks or would
 * add, as they are on disk) with its installed packages: every `node_modules` folder is
 * hard-linked (no bytes copied, so a copy takes seconds; `to` must be on the same file system),
 * their caches left out. A build in the copy sees the same source in another folder.
 * @param {string} root @param {string} to
 */
export function copyRepository(root, to) {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (listed.status !== 0) throw new Error(`git ls-files in ${root}: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(root, file);
    if (!existsSync(from)) continue; // deleted, not yet committed
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    copyFileSync(from, path.join(to, file));
  }
  const packages = readdirSync(root, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(path.join(root, entry.name, 'node_modules')),
    )
    .map((entry) => path.join(entry.name, 'node_modules'));
  for (const folder of ['node_modules', ...packages])
    linkTree(path.join(root, folder), path.join(to, folder));
}

/** Hard links of a folder's files (symbolic links kept as they are), caches left out. */
function linkTree(/** @type {string} */ from, /** @type {string} */ to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === '.cache') continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (entry.isDirectory()) linkTree(source, target);
    else linkSync(source, target);
  }
}

/**
 * A production build of the app in `appDir` into `outDir`, as its package's `build` script runs
 * it (`rspack build --mode production`), without the environment variables the build refuses
 * (reproducible.mjs). Returns what it printed; throws when it fails.
 * @param {string} appDir @param {string} outDir
 */
export function buildApp(appDir, outDir) {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, BUILD_OUTPUT_DIR: outDir };
  delete env.MF_BUILD_VERSION;
  delete env.MF_BUILD_NAME;
  const run = spawnSync(
    process.execPath,
    [path.join(appDir, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'],
    { cwd: appDir, env, encoding: 'utf8' },
  );
  if (run.status !== 0)
    throw new Error(`the build in ${appDir} failed (${run.status}):\n${run.stdout}${run.stderr}`);
  return run.stdout + run.stderr;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [a, b] = process.argv.slice(2);
  if (!a || !b) {
    console.error('Usage: node scripts/rspack/compare-builds.mjs <folder> <other folder>');
    process.exit(2);
  }
  for (const folder of [a, b])
    if (!existsSync(folder)) {
      console.error(`no folder ${folder}`);
      process.exit(2);
    }
  const difference = firstDifference(a, b);
  console.log(difference ?? `identical: ${filesOf(a).length} files`);
  process.exit(difference ? 1 : 0);
}
