/**
 * Starts the real, built stack for the browser tests: the API (embedded PGlite in memory) as a
 * child process and the five web servers in this process, through the same module that serves
 * production (scripts/serve), each on a free port so that a developer's running site does not
 * clash. A remote can be stopped and started again to test the site without it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { signalGroup, waitForHttp } from '../../scripts/lib/processes.mjs';
import { APPS, repoRoot } from '../../scripts/serve/apps.mjs';
import { startServer } from '../../scripts/serve/server.mjs';
import type { RemoteName } from './routes.ts';

export interface Stack {
  /** The site, e.g. http://localhost:41234 */
  siteUrl: string;
  apiUrl: string | null;
  remoteUrl: (name: RemoteName) => string;
  stopRemote: (name: RemoteName) => Promise<void>;
  startRemote: (name: RemoteName) => Promise<void>;
  close: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export const apiPresent = (): boolean => existsSync(join(repoRoot, 'api/package.json'));

export async function startStack(): Promise<Stack> {
  const ports = new Map<string, number>();
  for (const app of [...APPS, { name: 'api' }])
    ports.set(
      app.name,
      Number(process.env[`E2E_${app.name.toUpperCase()}_PORT`] ?? (await freePort())),
    );
  const portOf = (name: string): number => {
    const port = ports.get(name);
    if (port === undefined) throw new Error(`no port for ${name}`);
    return port;
  };
  const origin = (name: string): string => `http://localhost:${String(portOf(name))}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    API_PORT: String(portOf('api')),
    PUBLIC_API_URL: `${origin('api')}/api/v1`,
    REMOTE_MARKETING_URL: `${origin('marketing')}/mf-manifest.json`,
    REMOTE_MARKETPLACE_URL: `${origin('marketplace')}/mf-manifest.json`,
    REMOTE_ACCOUNT_URL: `${origin('account')}/mf-manifest.json`,
    REMOTE_CHECKOUT_URL: `${origin('checkout')}/mf-manifest.json`,
    CORS_ORIGINS: APPS.map((a) => origin(a.name)).join(','),
    SITE_URL: origin('host'),
    // The API's embedded database, in memory: every run starts from the seed.
    DATABASE_URL: 'memory://',
    REDIS_URL: '',
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_API_LOG_LEVEL ?? 'warn',
    // Journeys sign up and in more often than a person would.
    RATE_LIMIT_AUTH_MAX: '10000',
    SERVE_PRECOMPRESS: process.env.SERVE_PRECOMPRESS ?? '1',
  };

  let api: ChildProcess | null = null;
  if (apiPresent()) {
    api = spawn(
      process.execPath,
      [join(repoRoot, 'scripts/pnpm.mjs'), '--filter', '@hypertek/api', 'start'],
      {
        cwd: repoRoot,
        env,
        detached: true,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
  }

  const servers = new Map<string, Server>();
  const start = async (name: string): Promise<void> => {
    const app = APPS.find((a) => a.name === name);
    if (!app) throw new Error(`unknown app ${name}`);
    const root = join(repoRoot, app.dir, 'dist');
    servers.set(
      name,
      await startServer({ root, isRemote: Boolean(app.remote), port: portOf(name), env }),
    );
  };
  // Precompression writes files: serve the apps one after the other on first start.
  for (const app of APPS) await start(app.name);

  const stop = async (name: string): Promise<void> => {
    const server = servers.get(name);
    servers.delete(name);
    if (server) await closeServer(server);
  };
  const close = async (): Promise<void> => {
    await Promise.all([...servers.keys()].map(stop));
    const child = api;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };

  try {
    if (api) {
      const base = `http://127.0.0.1:${String(portOf('api'))}`;
      await waitForHttp(
        ['/readyz', '/api/v1/readyz', '/healthz', '/api/v1/healthz'].map((p) => base + p),
        { child: api, name: 'api', timeoutMs: 90_000 },
      );
    }
  } catch (error) {
    await close();
    throw error;
  }

  return {
    siteUrl: origin('host'),
    apiUrl: api ? `${origin('api')}/api/v1` : null,
    remoteUrl: (name) => origin(name),
    stopRemote: stop,
    startRemote: start,
    close,
  };
}
