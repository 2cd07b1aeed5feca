// The five web servers of the site in one Node process, wired to each other through the runtime
// config (each remote on its own origin): for tests and measurements that need the served site
// and want to stop or restart one remote. Production runs one process per app (index.mjs).
import { createServer } from 'node:net';
import { join } from 'node:path';
import { APPS, repoRoot } from './apps.mjs';
import { startServer } from './server.mjs';

/** A port that is free right now on the loopback interface. */
export async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The environment that points the apps at each other: remote manifest URLs from their ports.
 * @param {Record<string, number>} ports app name → port (host, marketing, …, and optionally api)
 * @param {NodeJS.ProcessEnv} env
 */
export function siteEnv(ports, env = process.env) {
  const origin = (name) => `http://localhost:${ports[name]}`;
  const wired = { ...env };
  for (const app of APPS) {
    wired[app.portEnv] = String(ports[app.name]);
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

/**
 * Starts every app's web server in this process.
 * @param {{ ports?: Record<string, number>, env?: NodeJS.ProcessEnv, log?: (line: string) => void }} [options]
 */
export async function startSite({ ports = {}, env = process.env, log } = {}) {
  const allPorts = { ...ports };
  for (const app of APPS) allPorts[app.name] ??= await freePort();
  const wired = siteEnv(allPorts, env);
  const servers = new Map();

  const start = async (name) => {
    const app = APPS.find((a) => a.name === name);
    if (!app) throw new Error(`unknown app ${name}`);
    const root = join(repoRoot, app.dir, 'dist');
    const server = await startServer({
      root,
      isRemote: Boolean(app.remote),
      name,
      port: allPorts[name],
      env: wired,
      log,
    });
    servers.set(name, server);
  };
  const stop = async (name) => {
    const server = servers.get(name);
    servers.delete(name);
    if (!server) return;
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
  };
  // One after the other: precompression writes files into each build on first start.
  for (const app of APPS) await start(app.name);

  return {
    ports: allPorts,
    env: wired,
    url: (name) => `http://localhost:${allPorts[name]}`,
    start,
    stop,
    close: async () => {
      await Promise.all([...servers.keys()].map(stop));
    },
  };
}
