import { screen } from '@testing-library/react';

import { remotesUp } from '../../testing/remotes';
import { renderAt } from '../../testing/render';
import { keepServerSnapshot } from '../snapshot';

/** The document as the web server composed it for `path`: the page drawn before any script. */
function serverDrew(path: string, pageHtml: string) {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root"><div class="server-frame" inert><main><div class="remote-route" data-prerendered="marketplace" inert="">${pageHtml}</div></main></div></div>`;
  keepServerSnapshot();
  document.body.innerHTML = '';
}

describe('the page the server drew', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('stays on screen, inert, in place of the loader until the live page replaces it', async () => {
    serverDrew('/land', '<h1>Lands (drawn)</h1><a href="/buy-land">Buy Now</a>');
    remotesUp();

    renderAt('/land');

    // Before the remote's module has arrived (it resolves on a later tick).
    const drawn = screen.getByText('Lands (drawn)');
    expect(drawn.closest('[inert]')).not.toBeNull();
    expect(drawn.closest('[data-remote="marketplace"]')).not.toBeNull();
    expect(screen.queryByTestId('route-loading')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'marketplace/land' })).toBeInTheDocument();
    expect(screen.queryByText('Lands (drawn)')).not.toBeInTheDocument();
  });

  it('is not shown on another page than the one it was drawn for', async () => {
    serverDrew('/land', '<h1>Lands (drawn)</h1>');
    remotesUp();

    renderAt('/nfa-expand');

    expect(screen.queryByText('Lands (drawn)')).not.toBeInTheDocument();
    expect(screen.getByTestId('route-loading')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'marketplace/nfa-expand' }),
    ).toBeInTheDocument();
  });
});
