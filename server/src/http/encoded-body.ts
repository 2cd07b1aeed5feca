// The host's composed documents, compressed per response: every one carries its own
// Content-Security-Policy nonce (docs/security.md), so no compressed body is kept and sent twice
// (a nonce baked into a cached body would be the same for every visitor who gets it). Brotli at
// quality 5 and gzip at level 6 on the thread pool: a few milliseconds for a drawn page, off the
// event loop, within a few percent of the sizes of the slowest settings (docs/operations.md).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli's quality for documents (11 is the slowest; 5 is ~8x faster than 9 for ~3% more). */
export const DOCUMENT_BROTLI_QUALITY = 5;

/** A composed document's bytes in an encoding (`null`: as they are). */
export async function encodeDocument(
  body: string,
  encoding: 'br' | 'gzip' | null,
): Promise<Buffer> {
  const raw = Buffer.from(body);
  if (encoding === 'br')
    return brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: DOCUMENT_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
  if (encoding === 'gzip') return gzipAsync(raw, { level: 6 });
  return raw;
}
