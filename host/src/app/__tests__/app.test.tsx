import { requestNavigation } from '@hypertek/shared';
import { act, render, screen } from '@testing-library/react';

import { App } from '../app';

describe('App', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('serves the page at the address of the browser', async () => {
    window.history.replaceState(null, '', '/about');

    render(<App />);

    expect(await screen.findByRole('heading', { name: 'marketing/about' })).toBeInTheDocument();
  });

  it('navigates when a remote asks for it on the bus, with the state it passes', async () => {
    render(<App />);
    await screen.findByRole('heading', { name: 'marketing/home' });

    act(() => requestNavigation({ to: '/buy-nfa', state: { item: { _id: 'n1' } } }));

    expect(await screen.findByRole('heading', { name: 'marketplace/buy-nfa' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/buy-nfa');
    expect(window.history.state).toMatchObject({ usr: { item: { _id: 'n1' } } });
  });

  it('replaces the history entry when asked to', async () => {
    render(<App />);
    await screen.findByRole('heading', { name: 'marketing/home' });
    const length = window.history.length;

    act(() => requestNavigation({ to: '/signin', replace: true }));

    expect(await screen.findByRole('heading', { name: 'account/signin' })).toBeInTheDocument();
    expect(window.history.length).toBe(length);
  });

  it('stops listening once unmounted', async () => {
    const { unmount } = render(<App />);
    await screen.findByRole('heading', { name: 'marketing/home' });
    unmount();

    requestNavigation({ to: '/faq' });

    expect(window.location.pathname).toBe('/');
  });
});
