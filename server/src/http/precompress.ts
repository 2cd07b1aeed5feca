// Precompresses a build once, at server start (or image build), so that every request is served
// from a file without spending CPU per request: `x.js.br` (brotli, quality 11) and `x.js.gz`
// (gzip, level 9) beside `x.js`, which sirv picks by the request's Accept-Encoding. Files already
// compressed and up to date are skipped, so a restart costs a directory walk.
import type { Stats } from 'node:fs';
import { readdir, readFile, stat, writeFile, unlink } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Text formats worth compressing; images, fonts (woff2) and media are compressed already. Source
 * maps (two thirds of a build's bytes, fetched only by developer tools) are left out: brotli 11 on
 * them tripled the time of a cold start.
 */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.htm',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.wasm',
  '.ico',
  '.ttf',
  '.otf',
  '.webmanifest',
]);
/** Below this a response fits one packet anyway. */
const MIN_BYTES = 1024;

/** What a precompression did: files looked at, copies written, bytes before and after. */
export interface PrecompressSummary {
  files: number;
  written: number;
  bytes: number;
  br: number;
  gz: number;
  ms: number;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

async function isFresh(target: string, source: Stats): Promise<boolean> {
  try {
    return (await stat(target)).mtimeMs >= source.mtimeMs;
  } catch {
    return false;
  }
}

/**
 * Writes `.br` and `.gz` beside every compressible file of `dir` that lacks a fresh one.
 * With `zopfli`, `.gz` files are made by Zopfli: standard gzip, ~3% smaller than level 9, ~50×
 * slower — run at build time for the files on the first-paint path (the host's), not at start.
 */
export async function precompress(
  dir: string,
  options: { zopfli?: boolean } = {},
): Promise<PrecompressSummary> {
  const started = performance.now();
  const summary: PrecompressSummary = { files: 0, written: 0, bytes: 0, br: 0, gz: 0, ms: 0 };
  const jobs: (() => Promise<void>)[] = [];
  for await (const path of walk(dir)) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    const source = await stat(path);
    if (source.size < MIN_BYTES) continue;
    summary.files += 1;
    summary.bytes += source.size;
    jobs.push(() => compressOne(path, source, summary, options));
  }
  // zlib runs on libuv's thread pool, so these proceed in parallel without blocking the loop;
  // Zopfli (WebAssembly) runs on this thread, one file after another.
  if (options.zopfli) for (const job of jobs) await job();
  else await Promise.all(jobs.map((job) => job()));
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

async function zopfliGzip(data: Buffer): Promise<Buffer> {
  const { gzipAsync } = await import('@gfx/zopfli');
  return Buffer.from(await gzipAsync(data, { numiterations: 15 }));
}

async function compressOne(
  path: string,
  source: Stats,
  summary: PrecompressSummary,
  options: { zopfli?: boolean },
): Promise<void> {
  const variants: [string, 'br' | 'gz', (data: Buffer) => Promise<Buffer>][] = [
    [
      '.br',
      'br',
      (data: Buffer) =>
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
    ],
    ['.gz', 'gz', (data: Buffer) => (options.zopfli ? zopfliGzip(data) : gzip(data, { level: 9 }))],
  ];
  let data: Buffer | undefined;
  for (const [suffix, key, compress] of variants) {
    const target = path + suffix;
    if (await isFresh(target, source)) {
      summary[key] += (await stat(target)).size;
      continue;
    }
    data ??= await readFile(path);
    const compressed = await compress(data);
    if (compressed.length >= data.length) {
      await unlink(target).catch(() => {});
      continue;
    }
    await writeFile(target, compressed);
    summary[key] += compressed.length;
    summary.written += 1;
  }
}
