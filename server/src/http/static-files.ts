// The files of a build, served by sirv: a small, widely used (Vite preview, SvelteKit) static
// handler for plain node:http that already does the fiddly parts right — a file index built once
// at start (no path traversal, no fs lookups per request), ETag/304, Range, HEAD, and picking
// `.br`/`.gz` siblings by Accept-Encoding with `Vary`. What is ours is only policy: which headers
// (headers.ts), and surviving files that change under the server.
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { isReleaseVersion } from '@hypertek/shared/release-words';
import sirv from 'sirv';
import { cacheControlFor } from './headers.js';

/** A request handler that calls `next` for what it does not serve. */
export type FilesHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * A build's folder as sirv serves it: indexed once (`dev: false`), with precompressed copies and
 * ETags, no dotfiles; `setHeaders` adds the headers of each file.
 */
export const buildFiles = (
  root: string,
  setHeaders: (res: ServerResponse, pathname: string) => void,
): FilesHandler =>
  sirv(root, { dev: false, etag: true, gzip: true, brotli: true, dotfiles: false, setHeaders });

/**
 * A sirv handler that survives files removed under it. sirv indexes the folder once and then
 * streams a file with no error listener: a file removed or unreadable since (a precompressed
 * copy deleted) made the stream emit an unhandled `error`, and the whole server exited. Here
 * that error ends only the response it belongs to (its status and length were sent already, so
 * the connection is closed and the browser tries again), is logged, and the folder is indexed
 * again: the next request gets what is there now (the plain file when only its `.br` copy went
 * missing, a 404 when the file is gone). A folder that cannot be indexed (gone altogether) keeps
 * the last index, and the next failure tries again. Not covered: a file rewritten in place with
 * another size (sirv sends the length it indexed); builds are written aside (`release publish`)
 * or before the server starts.
 * @param make builds the handler (indexes the folder)
 */
export function resilientFiles(
  make: () => FilesHandler,
  log: (line: string) => void,
): FilesHandler {
  let handler = make();
  const guarded = new WeakSet<ServerResponse>();
  return (req, res, next) => {
    if (!guarded.has(res)) {
      guarded.add(res);
      res.once('pipe', (source: Readable) =>
        source.once('error', (error: NodeJS.ErrnoException) => {
          res.destroy();
          log(
            `files: ${req.url ?? ''} could not be read (${error.code ?? error.message}); indexing the folder again`,
          );
          try {
            handler = make();
          } catch (indexing) {
            const { code, message } = indexing as NodeJS.ErrnoException;
            log(`files: the folder cannot be indexed (${code ?? message})`);
          }
        }),
      );
    }
    handler(req, res, next);
  };
}

/**
 * Serves a remote's published releases under `/releases/<version>/` from `dir/<version>/`
 * (written by `release publish`, never overwritten): one static handler per release, made on its
 * first request. Old releases stay served, so a visitor who loaded one keeps working after a
 * newer one goes live.
 */
export function createReleaseFiles(
  dir: string,
  log: (line: string) => void,
): (req: IncomingMessage, res: ServerResponse, pathname: string, next: () => void) => void {
  const handlers = new Map<string, FilesHandler>();
  return (req, res, pathname, next) => {
    const match = /^\/releases\/([^/]+)(\/.*)$/.exec(pathname);
    let version: string | null = null;
    try {
      version = match && decodeURIComponent(match[1] ?? '');
    } catch {
      next(); // not a version (a malformed escape such as %E0): the build's own 404
      return;
    }
    if (!match || version === null || !isReleaseVersion(version)) {
      next();
      return;
    }
    let handler = handlers.get(version);
    if (!handler) {
      const folder = join(dir, version);
      if (!existsSync(join(folder, 'release.json'))) {
        next();
        return;
      }
      handler = resilientFiles(
        () =>
          buildFiles(folder, (r, path) => {
            r.setHeader('Cache-Control', cacheControlFor(path));
          }),
        log,
      );
      handlers.set(version, handler);
    }
    const url = req.url ?? '/';
    req.url = (match[2] ?? '/') + (url.includes('?') ? url.slice(url.indexOf('?')) : '');
    handler(req, res, () => {
      req.url = url;
      next();
    });
  };
}
