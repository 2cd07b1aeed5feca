/**
 * Loading of the remotes. Their manifest URLs come from `/config.json` at boot (never from the
 * build), so a remote is redeployed or moved without rebuilding the host.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@hypertek/shared';
import type { ComponentType } from 'react';

let entries: Partial<Record<RemoteName, string>> = {};
const failed = new Set<RemoteName>();

export function registerConfiguredRemotes(remotes: Record<RemoteName, string>): void {
  entries = remotes;
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

/** Load an exposed page, e.g. `loadRemotePage('marketing', 'home')`. */
export async function loadRemotePage(
  remote: RemoteName,
  module: string,
): Promise<{ default: ComponentType }> {
  if (failed.has(remote)) {
    // The runtime caches a failed manifest: register the remote anew so a retry really refetches.
    const entry = entries[remote];
    if (entry) registerRemotes([{ name: remote, entry }], { force: true });
    failed.delete(remote);
  }
  try {
    const loaded = await loadRemote<{ default: ComponentType }>(`${remote}/${module}`);
    if (!loaded?.default) throw new Error(`${remote}/${module} has no default export`);
    return loaded;
  } catch (error) {
    failed.add(remote);
    throw error;
  }
}
