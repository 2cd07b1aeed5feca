// The host's side of releases (docs/operations.md, "Shipping a remote"): the registry it follows,
// each visitor's releases, the release endpoint and the canary guard, made together when the
// host's server starts.
import type { WebMetrics } from '../http/metrics.js';
import type { RuntimeConfig } from '../runtime-config.js';
import { releaseAuthorizerFrom } from './authorize.js';
import { releaseReadsFrom, startCanaryGuard } from './canary-guard.js';
import { createReleaseEndpoint } from './endpoint.js';
import type { ReleaseEndpoint } from './endpoint.js';
import { hostFactsOf } from './gate.js';
import { createPinSource } from './pins.js';
import type { PinSource } from './pins.js';
import { createLiveView, openRegistry, releasesDir } from './registry.js';
import { createReleaseRouting } from './routing.js';
import type { ReleaseRouting } from './routing.js';
import { releaseSecrets } from './secrets.js';

export interface HostReleases {
  routing: ReleaseRouting;
  endpoint: ReleaseEndpoint;
  /** The digests each remote's files must match (pins.ts). */
  pins: PinSource;
  /** Stops the canary guard and closes the registry. */
  close: () => Promise<void>;
}

export async function hostReleases({
  root,
  config,
  env,
  site,
  metrics,
  log,
}: {
  root: string;
  config: RuntimeConfig;
  env: NodeJS.ProcessEnv;
  site: string;
  metrics: WebMetrics;
  log: (line: string) => void;
}): Promise<HostReleases> {
  const dir = releasesDir(env);
  const registry = openRegistry({ env });
  const live = createLiveView(registry);
  await live.refresh();
  const { token, signingKey } = releaseSecrets(env);
  const pins = createPinSource({ configured: config.remotes, dir, env, log });
  const routing = createReleaseRouting({
    configured: config.remotes,
    live,
    pins,
    signingKey,
    secure: site.startsWith('https:'),
  });
  const { stats, judgement } = releaseReadsFrom(config.apiBaseUrl, token);
  const endpoint = createReleaseEndpoint({
    token,
    dir,
    registry,
    signingKey,
    siteUrl: site,
    // The live host is this server: its own build's facts.
    hostFacts: () => hostFactsOf(root),
    stats,
    authorize: releaseAuthorizerFrom(config.apiBaseUrl),
  });
  const stopGuard = startCanaryGuard({
    live,
    dir,
    registry,
    stats,
    judgement,
    log,
    onRollback: (change) => metrics.canaryRolledBack(change),
  });
  metrics.watchReleases(() => live.current());
  return {
    routing,
    endpoint,
    pins,
    close: async () => {
      stopGuard();
      await registry.close();
    },
  };
}
