/** Starts the API: validated configuration, the app, graceful shutdown on SIGINT/SIGTERM. */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp(config);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err !== undefined) app.log.error({ err }, 'closing after an uncaught error');
  else app.log.info({ signal }, 'closing');
  await app.close();
});

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`API at ${config.publicApiUrl}/api/v1 (OpenAPI: /api/v1/openapi.json)`);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
