// The host's composed documents, compressed once per distinct body: many visitors get the same
// page, and brotli on every answer would sit on every navigation's path.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A body's ETag, and its bytes in an encoding (compressed on first use, then kept). */
export interface EncodedBody {
  etag: string;
  encoded: (encoding: 'br' | 'gzip' | null) => Buffer;
}

/** One composed answer, compressed once per distinct body (the last `limit` bodies kept). */
export function createEncodedCache(limit = 200): (body: string) => EncodedBody {
  const byBody = new Map<string, { etag: string; raw: Buffer; br?: Buffer; gzip?: Buffer }>();
  return (body) => {
    let entry = byBody.get(body);
    if (!entry) {
      const raw = Buffer.from(body);
      entry = { etag: `W/"${createHash('sha1').update(raw).digest('base64url')}"`, raw };
      if (byBody.size >= limit) byBody.delete(byBody.keys().next().value ?? '');
      byBody.set(body, entry);
    }
    const kept = entry;
    return {
      etag: kept.etag,
      encoded(encoding) {
        if (encoding === 'br')
          return (kept.br ??= brotliCompressSync(kept.raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
          }));
        if (encoding === 'gzip') return (kept.gzip ??= gzipSync(kept.raw, { level: 9 }));
        return kept.raw;
      },
    };
  };
}
