import { act, screen } from '@testing-library/react';

import { renderAt } from '../../testing/render';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

describe('/home', () => {
  it('shows the loading screen for 1 second, then the home page in its place', async () => {
    const { location, historyAction } = renderAt('/home');

    expect(screen.getByTestId('home-loading')).toHaveTextContent('Loading…');
    await wait(999);
    expect(location()).toBe('/home');
    expect(screen.getByTestId('home-loading')).toBeInTheDocument();

    await wait(1);
    expect(location()).toBe('/');
    expect(historyAction()).toBe('REPLACE');
    expect(await screen.findByRole('heading', { name: 'marketing/home' })).toBeInTheDocument();
    expect(screen.queryByTestId('home-loading')).not.toBeInTheDocument();
  });

  it('does not move a visitor who left /home within the second', async () => {
    const { navigate, location } = renderAt('/home');

    await navigate('/about');
    await wait(2000);

    expect(location()).toBe('/about');
    expect(screen.getByRole('heading', { name: 'marketing/about' })).toBeInTheDocument();
  });
});
