/**
 * Loading of the remotes. Their manifest URLs come from the runtime config at boot (never from the
 * build), so a remote is redeployed or moved without rebuilding the host; so do the digests their
 * code must match (remote-integrity.ts), recorded by the release registry.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from '@hypertek/shared';
import type { ComponentType } from 'react';

import { createRemoteIntegrity } from './remote-integrity';

let entries: Partial<Record<RemoteName, string>> = {};
const failed = new Set<RemoteName>();
const integrity = createRemoteIntegrity({ manifests: {}, pins: {}, allowUnpinned: false });
let pluginRegistered = false;

export function registerConfiguredRemotes(
  remotes: Record<RemoteName, string>,
  {
    integrity: pins = {},
    allowUnpinnedRemotes = false,
  }: Pick<RuntimeConfig, 'integrity' | 'allowUnpinnedRemotes'> = {},
): void {
  entries = remotes;
  // The host's development build (`rspack serve`, no web server to pin the remotes' dev builds)
  // loads unpinned remotes; a production build never does unless the operator said so.
  const allowUnpinned = allowUnpinnedRemotes || process.env.NODE_ENV === 'development';
  if (allowUnpinned)
    console.warn('[hypertek] remotes without digests load unchecked (development only)');
  integrity.configure({ manifests: remotes, pins, allowUnpinned });
  if (!pluginRegistered) {
    // Before any remote is registered: no manifest or entry is fetched without the checks.
    registerPlugins([integrity.plugin]);
    pluginRegistered = true;
  }
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

/**
 * Load an exposed page, e.g. `loadRemotePage('marketing', 'home')`. A remote whose code was
 * refused for its bytes rejects with a `RemoteIntegrityError` (reported as `integrity`).
 */
export async function loadRemotePage(
  remote: RemoteName,
  module: string,
): Promise<{ default: ComponentType }> {
  if (failed.has(remote)) {
    // The runtime caches a failed manifest: register the remote anew so a retry really refetches.
    const entry = entries[remote];
    if (entry) registerRemotes([{ name: remote, entry }], { force: true });
    failed.delete(remote);
    integrity.forget(remote);
  }
  try {
    const loaded = await loadRemote<{ default: ComponentType }>(`${remote}/${module}`);
    if (!loaded?.default) throw new Error(`${remote}/${module} has no default export`);
    return loaded;
  } catch (error) {
    failed.add(remote);
    throw (await integrity.refusalOf(remote, error)) ?? error;
  }
}
