// One app's web server: its request handler (handler.ts) on a port.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { createHandler } from './handler.js';
import type { HandlerOptions } from './handler.js';

/** Starts the server of one app and resolves once it listens. */
export async function startServer({
  port,
  host,
  ...options
}: HandlerOptions & { port: number; host?: string | undefined }): Promise<Server> {
  const handle = await createHandler(options);
  const server = createServer(handle);
  server.on('close', () => void handle.close());
  server.keepAliveTimeout = 65_000; // longer than common proxies' idle timeout
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
