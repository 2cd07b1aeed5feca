// The real, built stack for the browser tests and the Lighthouse runs: the API (embedded PGlite in
// memory, so every start is the seed) as a child process, and the five web servers in this process
// through the same module that serves production (server/), each on a free port so that a
// developer's running site does not clash. A remote can be stopped and started again.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from '../../server/src/apps.mjs';
import { apiProcessEnv } from '@hypertek/server/runtime-config';
import { freePort, siteEnv, startSite } from '@hypertek/server/site';
import { signalGroup, waitForHttp } from './processes.mjs';

/** @param {import('node:child_process').ChildProcess} child */
async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the web servers and the seeded API; resolves once the API answers its health check.
 * @param {{ env?: Record<string, string>, apiPort?: number, apiLogLevel?: string, apiOutput?: NodeJS.WritableStream, log?: (line: string) => void }} [options]
 *   `env` reaches the API and the web servers; the API's lines go to `apiOutput` (default: this
 *   process's stdout and stderr, as the API wrote them); `log` receives the web servers' lines.
 * @returns {Promise<{ siteUrl: string, apiUrl: string, releasesDir: string, env: NodeJS.ProcessEnv, stopRemote: (name: string) => Promise<void>, startRemote: (name: string) => Promise<void>, close: () => Promise<void> }>}
 */
export async function startStack({
  env: extraEnv = {},
  apiPort,
  apiLogLevel = 'warn',
  apiOutput,
  log,
} = {}) {
  const port = apiPort ?? (await freePort());
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    ...extraEnv,
    // The API's embedded database, in memory: every run starts from the seed.
    DATABASE_URL: 'memory://',
    REDIS_URL: '',
    NODE_ENV: 'test',
    LOG_LEVEL: apiLogLevel,
  };
  // Releases: the caller's folder, else an empty one of its own (the repository's `.releases/`,
  // a developer's, must not change what a test or a measurement loads).
  const ownReleases = env.RELEASES_DIR ? null : await mkdtemp(join(tmpdir(), 'hypertek-releases-'));
  if (ownReleases) env.RELEASES_DIR = ownReleases;
  const site = await startSite({ ports: { api: port }, env, log });

  let stopping = false;
  const api = spawn(
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
    [api.stdout, apiOutput ?? process.stdout],
    [api.stderr, apiOutput ?? process.stderr],
  ]) {
    createInterface({ input: stream }).on('line', (line) => {
      if (!stopping) out.write(`[api] ${line}\n`);
    });
  }
  const close = async () => {
    stopping = true;
    await site.close();
    await stopChild(api);
    if (ownReleases) await rm(ownReleases, { recursive: true, force: true });
  };
  try {
    const base = `http://127.0.0.1:${String(port)}`;
    const probes = ['/readyz', '/api/v1/readyz', '/healthz', '/api/v1/healthz'].map(
      (p) => base + p,
    );
    await waitForHttp(probes, { child: api, name: 'api', timeoutMs: 90_000 });
  } catch (error) {
    await close();
    throw error;
  }

  return {
    siteUrl: site.url('host'),
    apiUrl: `${site.url('api')}/api/v1`,
    /** Where this stack's remotes serve releases from and its host reads the registry. */
    releasesDir: env.RELEASES_DIR,
    /** The environment the web servers run with (each app's address, the runtime config). */
    env: site.env,
    stopRemote: site.stop,
    startRemote: site.start,
    close,
  };
}
