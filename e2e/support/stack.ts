/**
 * Starts the real, built stack for the browser tests: the API (embedded PGlite in memory) as a
 * child process, and the five web servers in this process through the same module that serves
 * production (scripts/serve), each on a free port so that a developer's running site does not
 * clash. A remote can be stopped and started again to test the site without it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { signalGroup, waitForHttp } from '../../scripts/lib/processes.mjs';
import { repoRoot } from '../../scripts/serve/apps.mjs';
import { apiProcessEnv } from '../../scripts/serve/runtime-config.mjs';
import { freePort, siteEnv, startSite } from '../../scripts/serve/site.mjs';
import type { RemoteName } from './routes.ts';

export interface Stack {
  /** The site, e.g. http://localhost:41234 */
  siteUrl: string;
  apiUrl: string | null;
  stopRemote: (name: RemoteName) => Promise<void>;
  startRemote: (name: RemoteName) => Promise<void>;
  close: () => Promise<void>;
}

export const apiPresent = (): boolean => existsSync(join(repoRoot, 'api/package.json'));

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** `extraEnv` reaches the API and the web servers (e.g. the loopback identity providers). */
export async function startStack(extraEnv: Record<string, string> = {}): Promise<Stack> {
  const apiPort = Number(process.env.E2E_API_PORT ?? (await freePort()));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extraEnv,
    // The API's embedded database, in memory: every run starts from the seed.
    DATABASE_URL: 'memory://',
    REDIS_URL: '',
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_API_LOG_LEVEL ?? 'warn',
    // Journeys sign up and in more often than a person would.
    RATE_LIMIT_AUTH_MAX: '10000',
  };
  const site = await startSite({ ports: { api: apiPort }, env });

  let api: ChildProcess | null = null;
  let stopping = false;
  if (apiPresent()) {
    api = spawn(
      process.execPath,
      [join(repoRoot, 'scripts/pnpm.mjs'), '--filter', '@hypertek/api', 'start'],
      {
        cwd: repoRoot,
        env: apiProcessEnv(siteEnv(site.ports, env)),
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // The API's log, prefixed; quiet once it is being stopped (pnpm reports the SIGTERM as a failure).
    for (const [stream, out] of [
      [api.stdout, process.stdout],
      [api.stderr, process.stderr],
    ] as const) {
      if (stream) {
        createInterface({ input: stream }).on('line', (line) => {
          if (!stopping) out.write(`[api] ${line}\n`);
        });
      }
    }
  }
  const close = async (): Promise<void> => {
    stopping = true;
    await site.close();
    if (api) await stopChild(api);
  };
  try {
    if (api) {
      const base = `http://127.0.0.1:${String(apiPort)}`;
      const probes = ['/readyz', '/api/v1/readyz', '/healthz', '/api/v1/healthz'].map(
        (p) => base + p,
      );
      await waitForHttp(probes, { child: api, name: 'api', timeoutMs: 90_000 });
    }
  } catch (error) {
    await close();
    throw error;
  }

  return {
    siteUrl: site.url('host'),
    apiUrl: api ? `${site.url('api')}/api/v1` : null,
    stopRemote: site.stop,
    startRemote: site.start,
    close,
  };
}
