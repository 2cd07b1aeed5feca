/**
 * The real, built stack for the browser tests (scripts/lib/stack.mjs, shared with the Lighthouse
 * runs): the API (embedded PGlite in memory) as a child process and the five web servers in this
 * process, each on a free port. A remote can be stopped and started again to test the site
 * without it.
 */
import { startStack as startServedStack } from '../../scripts/lib/stack.mjs';
import type { RemoteName } from './routes.ts';

export interface Stack {
  /** The site, e.g. http://localhost:41234 */
  siteUrl: string;
  apiUrl: string;
  /** The remotes' releases and the registry the host follows (a folder of this stack's own). */
  releasesDir: string;
  /** The environment the web servers run with (each app's address, the runtime config). */
  env: NodeJS.ProcessEnv;
  stopRemote: (name: RemoteName) => Promise<void>;
  startRemote: (name: RemoteName) => Promise<void>;
  close: () => Promise<void>;
}

/** `extraEnv` reaches the API and the web servers (e.g. the loopback identity providers). */
export function startStack(extraEnv: Record<string, string> = {}): Promise<Stack> {
  return startServedStack({
    // Journeys sign up and in more often than a person would, and send field beacons faster
    // (judge.ts: a few dozen page views in a minute); its canary judge gives a verdict on a
    // small sample (docs/operations.md, "The canary judge").
    env: {
      ...extraEnv,
      RATE_LIMIT_AUTH_MAX: '10000',
      RATE_LIMIT_FIELD_MAX: '10000',
      JUDGE_MIN_CANARY_VIEWS: '20',
      JUDGE_MIN_PER_SIDE: '10',
    },
    apiPort: process.env.E2E_API_PORT ? Number(process.env.E2E_API_PORT) : undefined,
    apiLogLevel: process.env.E2E_API_LOG_LEVEL ?? 'warn',
  });
}
