// Serves one front-end app's production build (`npm start` runs one per app; so does the image):
//   node server/dist/cli/serve.js --app host            (port from HOST_PORT, default 3000)
//   node server/dist/cli/serve.js --app marketing --dist ./remote-marketing/dist --port 3101
// Environment: the app's port variable (HOST_PORT, MARKETING_PORT, …), the runtime config
// variables (PUBLIC_API_URL, REMOTE_*_URL, STRIPE_PUBLISHABLE_KEY, GOOGLE_CLIENT_ID,
// DISCORD_CLIENT_ID, DISCORD_AUTHORIZE_URL, DISCORD_REDIRECT_URI, SITE_URL), BIND_HOST (default:
// all interfaces), SERVE_CSP, SERVE_PRECOMPRESS, RELEASES_DIR (a remote serves its releases from
// there under /releases/<version>/; the host follows the release registry there).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findApp, portOf, repoRoot } from '../apps.mjs';
import { startServer } from '../http/server.js';

const { values } = parseArgs({
  options: {
    app: { type: 'string' },
    dist: { type: 'string' },
    port: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help || !values.app) {
  console.log(
    'Usage: node server/dist/cli/serve.js --app <host|marketing|marketplace|account|checkout> [--dist DIR] [--port N]',
  );
  process.exit(values.help ? 0 : 2);
}

const log = (line: string) => console.log(`[serve ${values.app}] ${line}`);
try {
  const app = findApp(values.app);
  const root = resolve(values.dist ?? join(repoRoot, app.dir, 'dist'));
  if (!existsSync(join(root, 'index.html')) && !existsSync(join(root, 'mf-manifest.json'))) {
    throw new Error(
      `no build in ${root}: run \`node scripts/pnpm.mjs --filter ${app.pkg} build\` first`,
    );
  }
  const port = values.port ? Number(values.port) : portOf(app);
  const server = await startServer({
    root,
    isRemote: Boolean(app.remote),
    name: app.name,
    port,
    host: process.env.BIND_HOST || undefined,
    log,
  });
  log(`serving ${root} at http://localhost:${port}/`);
  const stop = (signal: string) => {
    log(`${signal}: closing`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(`[serve ${values.app}] error: ${(error as Error).message}`);
  process.exit(1);
}
