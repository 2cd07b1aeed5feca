import { DEFAULT_RUNTIME_CONFIG } from '@hypertek/shared';

import { fakePage } from '../../testing/remotes';
import { RemoteIntegrityError } from '../remote-integrity';

async function importFederation() {
  return { ...(await import('../federation')), ...(await import('../../testing/remotes')) };
}

/** federation.ts keeps which remotes failed: each test starts from a fresh copy of it. */
async function freshFederation() {
  let fresh: Awaited<ReturnType<typeof importFederation>> | undefined;
  await jest.isolateModulesAsync(async () => {
    fresh = await importFederation();
  });
  return fresh!;
}

/** Configured remotes, of which `marketing` has just failed to load; registrations forgotten. */
async function afterMarketingFailed() {
  const fresh = await freshFederation();
  fresh.registerConfiguredRemotes(DEFAULT_RUNTIME_CONFIG.remotes);
  fresh.loadRemoteMock.mockRejectedValueOnce(new Error('manifest unreachable'));
  await expect(fresh.loadRemotePage('marketing', 'home')).rejects.toThrow('manifest unreachable');
  fresh.registerRemotesMock.mockClear();
  fresh.loadRemoteMock.mockResolvedValue({ default: fakePage('any') });
  return fresh;
}

describe('loadRemotePage', () => {
  it("loads 'remote/module' through the runtime", async () => {
    const { loadRemotePage, loadRemoteMock } = await freshFederation();
    const Page = fakePage('marketing/home');
    loadRemoteMock.mockResolvedValue({ default: Page });

    await expect(loadRemotePage('marketing', 'home')).resolves.toEqual({ default: Page });
    expect(loadRemoteMock).toHaveBeenCalledWith('marketing/home');
  });

  it('rejects a module without a default export', async () => {
    const { loadRemotePage, loadRemoteMock } = await freshFederation();
    loadRemoteMock.mockResolvedValue({ other: 1 });

    await expect(loadRemotePage('checkout', 'payment')).rejects.toThrow(
      'checkout/payment has no default export',
    );
  });

  it('registers a remote anew (force) before the next load after a failure, once', async () => {
    const { loadRemotePage, registerRemotesMock } = await afterMarketingFailed();

    await loadRemotePage('marketing', 'home');
    await loadRemotePage('marketing', 'about');

    expect(registerRemotesMock.mock.calls).toEqual([
      [[{ name: 'marketing', entry: DEFAULT_RUNTIME_CONFIG.remotes.marketing }], { force: true }],
    ]);
  });

  it('does not re-register the other remotes after one failed', async () => {
    const { loadRemotePage, registerRemotesMock } = await afterMarketingFailed();

    await loadRemotePage('account', 'signin');

    expect(registerRemotesMock).not.toHaveBeenCalled();
  });
});

describe('the integrity of the remotes', () => {
  const manifest = DEFAULT_RUNTIME_CONFIG.remotes.checkout;

  it('is checked by a runtime plugin registered once, before any remote', async () => {
    const fresh = await freshFederation();
    const order: string[] = [];
    fresh.registerPluginsMock.mockImplementation(() => void order.push('plugins'));
    fresh.registerRemotesMock.mockImplementation(() => void order.push('remotes'));
    fresh.registerConfiguredRemotes(DEFAULT_RUNTIME_CONFIG.remotes);
    fresh.registerConfiguredRemotes(DEFAULT_RUNTIME_CONFIG.remotes);
    expect(order).toEqual(['plugins', 'remotes', 'remotes']);
  });

  it("rejects a page with the refusal when the remote's code was refused, and retries afresh", async () => {
    const fresh = await freshFederation();
    fresh.registerConfiguredRemotes(DEFAULT_RUNTIME_CONFIG.remotes, {
      integrity: { checkout: { 'mf-manifest.json': 'sha384-recorded' } },
    });
    const [plugin] = fresh.registerPluginsMock.mock.lastCall?.[0] ?? [];
    // The runtime creates the entry's script: it has no recorded digest, so it is refused.
    fresh.loadRemoteMock.mockImplementationOnce(() => {
      plugin?.createScript?.({
        url: new URL('remoteEntry.js', manifest).href,
        remoteInfo: {
          name: 'checkout',
          entry: manifest,
          type: 'global',
          entryGlobalName: 'checkout',
          shareScope: 'default',
        },
      });
      return Promise.reject(new Error('[ Federation Runtime ]: RUNTIME-008'));
    });
    const refused = fresh.loadRemotePage('checkout', 'payment');
    // (isolated modules: its own copy of the class)
    await expect(refused).rejects.toMatchObject({
      name: RemoteIntegrityError.name,
      file: 'remoteEntry.js',
    });
    await expect(refused).rejects.toThrow("checkout's remoteEntry.js was refused");

    // A retry loads anew: a failure that is not a refusal is the runtime's own error.
    fresh.loadRemoteMock.mockRejectedValueOnce(new Error('manifest unreachable'));
    await expect(fresh.loadRemotePage('checkout', 'payment')).rejects.toThrow(
      'manifest unreachable',
    );
  });
});
