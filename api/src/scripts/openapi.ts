/**
 * `pnpm openapi [file]`: prints the OpenAPI document (the one served at /api/v1/openapi.json), or
 * writes it to `file`. The app is built in-process on an empty embedded database in memory (no
 * server, no seed, nothing kept on disk) and closed again: a few seconds, mostly the embedded
 * database's start and migrations. The front end's API types are generated from this document
 * (scripts/api-types.mjs).
 *
 * The document is that of the sandbox payment mode (the default without a Stripe key): the
 * sandbox routes the browser calls are in it.
 */
import { realpathSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';

/** The served document, as a JSON value. */
export async function openApiDocument(): Promise<unknown> {
  // Nothing of the caller's environment applies (a database server, a Stripe key, production
  // mode): the document is the same wherever it is made.
  const dir = await mkdtemp(join(tmpdir(), 'hypertek-openapi-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    {
      databaseUrl: 'memory://',
      seedOnStart: false,
      dataDir: join(dir, 'data'),
      uploadsDir: join(dir, 'uploads'),
      outboxDir: join(dir, 'outbox'),
    },
  );
  try {
    const app = await buildApp(config);
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      if (response.statusCode !== 200) {
        throw new Error(`GET /api/v1/openapi.json answered ${String(response.statusCode)}`);
      }
      return response.json<unknown>();
    } finally {
      await app.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const main = process.argv[1];
if (main !== undefined && realpathSync(main) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  const text = `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
  if (file === undefined) process.stdout.write(text);
  else await writeFile(file, text);
}
