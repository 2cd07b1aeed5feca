// The five web servers of the site in one Node process, wired to each other through the runtime
// config (each remote on its own origin): for tests and measurements that need the served site
// and want to stop or restart one remote. Production runs one process per app (cli/serve.ts).
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { APPS, repoRoot } from './apps.mjs';
import { startServer } from './http/server.js';

/** A port that is free right now on the loopback interface. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The environment that points the apps at each other: remote manifest URLs from their ports.
 * @param ports app name → port (host, marketing, …, and optionally api)
 */
export function siteEnv(
  ports: Partial<Record<string, number>>,
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const origin = (name: string) => `http://localhost:${ports[name] ?? ''}`;
  const wired = { ...env };
  for (const app of APPS) {
    wired[app.portEnv] = String(ports[app.name] ?? '');
    if (app.remote)
      wired[`REMOTE_${app.remote.toUpperCase()}_URL`] = `${origin(app.name)}/mf-manifest.json`;
  }
  if (ports.api) {
    wired.API_PORT = String(ports.api);
    wired.PUBLIC_API_URL = `${origin('api')}/api/v1`;
  }
  wired.CORS_ORIGINS = APPS.map((a) => origin(a.name)).join(',');
  wired.SITE_URL = origin('host');
  return wired;
}

/** The site's servers in this process: their ports, one stopped or started again, all closed. */
export interface Site {
  ports: Record<string, number>;
  env: NodeJS.ProcessEnv;
  url: (name: string) => string;
  start: (name: string) => Promise<void>;
  stop: (name: string) => Promise<void>;
  close: () => Promise<void>;
}

/** Starts every app's web server in this process. */
export async function startSite({
  ports = {},
  env = process.env,
  log,
}: {
  ports?: Record<string, number>;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
} = {}): Promise<Site> {
  const allPorts: Record<string, number> = { ...ports };
  for (const app of APPS) allPorts[app.name] ??= await freePort();
  const wired = siteEnv(allPorts, env);
  const servers = new Map<string, Server>();

  const start = async (name: string) => {
    const app = APPS.find((a) => a.name === name);
    if (!app) throw new Error(`unknown app ${name}`);
    const root = join(repoRoot, app.dir, 'dist');
    const server = await startServer({
      root,
      isRemote: Boolean(app.remote),
      name,
      port: allPorts[name] ?? 0,
      env: wired,
      ...(log ? { log } : {}),
    });
    servers.set(name, server);
  };
  const stop = async (name: string) => {
    const server = servers.get(name);
    servers.delete(name);
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  };
  // One after the other: precompression writes files into each build on first start.
  for (const app of APPS) await start(app.name);

  return {
    ports: allPorts,
    env: wired,
    url: (name) => `http://localhost:${allPorts[name] ?? ''}`,
    start,
    stop,
    close: async () => {
      await Promise.all([...servers.keys()].map(stop));
    },
  };
}
