import { DEFAULT_RUNTIME_CONFIG } from '@hypertek/shared';
import { screen, within } from '@testing-library/react';

import { registerConfiguredRemotes } from '../../lib/federation';
import {
  fakePage,
  loadRemoteMock,
  registerRemotesMock,
  remotesDown,
  remotesUp,
} from '../../testing/remotes';
import { renderAt, renderPage } from '../../testing/render';

// WARNING: a page that loaded once stays loaded for the session (as in the browser), so every
// test that needs a load to fail uses a route no earlier test of this file has loaded.

const fallback = () => screen.queryByTestId('remote-fallback');
const remoteArea = (name: string) => document.querySelector<HTMLElement>(`[data-remote="${name}"]`);

/** A page whose render throws, as a broken remote build would. */
function Broken(): never {
  throw new Error('remote page crashed');
}

beforeAll(() => registerConfiguredRemotes(DEFAULT_RUNTIME_CONFIG.remotes));
beforeEach(() => {
  // React and the boundary report every caught failure; the tests assert what the visitor sees.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('remote routes', () => {
  it('registers every configured remote with the runtime at boot', () => {
    registerConfiguredRemotes(DEFAULT_RUNTIME_CONFIG.remotes);

    const registered = registerRemotesMock.mock.lastCall?.[0] as unknown[];
    expect(registered).toEqual(
      expect.arrayContaining([
        { name: 'marketing', entry: 'http://localhost:3001/mf-manifest.json' },
        { name: 'marketplace', entry: 'http://localhost:3002/mf-manifest.json' },
        { name: 'account', entry: 'http://localhost:3003/mf-manifest.json' },
        { name: 'checkout', entry: 'http://localhost:3004/mf-manifest.json' },
      ]),
    );
    // One per configured remote (a new remote joins without a change here).
    expect(registered).toHaveLength(Object.keys(DEFAULT_RUNTIME_CONFIG.remotes).length);
  });

  it("shows a loader, then the marketing remote's home page inside its area at /", async () => {
    renderAt('/');

    expect(screen.getByTestId('route-loading')).toBeInTheDocument();
    const page = await screen.findByRole('heading', { name: 'marketing/home' });
    expect(remoteArea('marketing')).toContainElement(page);
    expect(loadRemoteMock).toHaveBeenCalledWith('marketing/home');
    expect(screen.queryByTestId('route-loading')).not.toBeInTheDocument();
  });

  it.each([
    ['/nfa-expand', 'marketplace', 'marketplace/nfa-expand'],
    ['/reset-password/abc', 'account', 'account/reset-password'],
    ['/Lands', 'account', 'account/lands'],
    ['/offer', 'checkout', 'checkout/offer'],
  ])('shows %s from the %s remote', async (path, remote, page) => {
    await renderPage(path);

    expect(remoteArea(remote)).toContainElement(screen.getByRole('heading', { name: page }));
  });

  it('shows a fallback with Try again when the remote is down; the shell still works', async () => {
    remotesDown();
    await renderPage('/faq');

    expect(fallback()).toBeInTheDocument();
    expect(remoteArea('marketing')).toContainElement(fallback());
    expect(within(fallback()!).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(fallback()).toHaveTextContent('We could not load the Hyper Tek story just now.');
    expect(screen.getByTestId('top-bar')).toBeInTheDocument();
    expect(screen.getByTestId('footer')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(
      "[hypertek] remote 'marketing' failed",
      expect.objectContaining({ message: '[ Federation Runtime ]: Failed to get manifest.' }),
      expect.any(String),
    );
  });

  it('Try again shows the page once the remote is back, and registers it anew (force)', async () => {
    remotesDown();
    const { user } = await renderPage('/disclaimer');
    expect(fallback()).toBeInTheDocument();
    registerRemotesMock.mockClear();

    remotesUp();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { name: 'marketing/disclaimer' }),
    ).toBeInTheDocument();
    expect(fallback()).not.toBeInTheDocument();
    expect(registerRemotesMock).toHaveBeenCalledWith(
      [{ name: 'marketing', entry: 'http://localhost:3001/mf-manifest.json' }],
      { force: true },
    );
  });

  it('Try again while the remote is still down shows the fallback again', async () => {
    remotesDown();
    const { user } = await renderPage('/whitepapers');
    const calls = loadRemoteMock.mock.calls.length;

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
    expect(loadRemoteMock.mock.calls.length).toBeGreaterThan(calls);
  });

  it('keeps the other remotes working while one is down', async () => {
    loadRemoteMock.mockImplementation((id: string) =>
      id.startsWith('checkout/')
        ? Promise.reject(new Error('checkout is down'))
        : Promise.resolve({ default: fakePage(id) }),
    );
    const { user } = await renderPage('/success');
    expect(fallback()).toBeInTheDocument();

    await user.click(within(screen.getByTestId('footer')).getByRole('link', { name: 'FAQ' }));

    expect(await screen.findByRole('heading', { name: 'marketing/faq' })).toBeInTheDocument();
    expect(fallback()).not.toBeInTheDocument();
  });

  it('shows the page when the visitor comes back after a successful retry', async () => {
    remotesDown();
    const { user, navigate } = await renderPage('/terms');
    remotesUp();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'marketing/terms' });

    await navigate('/news');
    await screen.findByRole('heading', { name: 'marketing/news' });
    await navigate('/terms');

    expect(await screen.findByRole('heading', { name: 'marketing/terms' })).toBeInTheDocument();
    expect(fallback()).not.toBeInTheDocument();
  });

  it('loads a page again when the visitor comes back to a remote that was down', async () => {
    remotesDown();
    const { navigate } = await renderPage('/edit');
    expect(fallback()).toBeInTheDocument();
    remotesUp();

    await navigate('/');
    await navigate('/edit');

    expect(await screen.findByRole('heading', { name: 'account/edit' })).toBeInTheDocument();
  });

  it('contains a page that throws while rendering the same way, and Try again recovers', async () => {
    remotesUp({ 'checkout/dashboard': Broken });
    const { user } = await renderPage('/dashboard');

    expect(fallback()).toBeInTheDocument();
    expect(fallback()).toHaveTextContent('We could not load checkout just now.');
    expect(screen.getByTestId('top-bar')).toBeInTheDocument();
    expect(screen.getByTestId('footer')).toBeInTheDocument();

    remotesUp();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'checkout/dashboard' })).toBeInTheDocument();
  });

  it('shows the fallback for a module without a default export', async () => {
    loadRemoteMock.mockResolvedValue({});
    await renderPage('/wellcome');

    expect(fallback()).toBeInTheDocument();
  });
});
