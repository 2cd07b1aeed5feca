// Precompresses a build ahead of serving it (the host's build, with Zopfli; the web image):
//   node server/dist/cli/precompress.js DIR [--zopfli]
//   tsx server/src/cli/precompress.ts DIR [--zopfli]     (from a build script, before the server's)
import { resolve } from 'node:path';
import { precompress } from '../http/precompress.js';

const [dir, flag] = process.argv.slice(2);
if (!dir) {
  console.error('usage: precompress DIR [--zopfli]');
  process.exit(2);
}
const done = await precompress(resolve(dir), { zopfli: flag === '--zopfli' });
console.log(
  `[precompress] ${dir}: ${done.files} files, ${done.written} written, gzip ${done.gz} B, brotli ${done.br} B, ${done.ms} ms`,
);
