import { SEARCH_DEBOUNCE_MS } from '@hypertek/shared';
import { deferred, serveApi } from '@hypertek/shared/testing';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { MarketSearch } from './market-search';

const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
const box = () => screen.getByPlaceholderText('Search...');
const hits = (title: string) => ({
  data: { success: true, lands: [{ _id: `l-${title}`, title: `${title} land` }], nfas: [] },
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('marketplace search', () => {
  it('asks the server only for text longer than 1 character, 300 ms after typing stops', async () => {
    const sent = serveApi({ 'GET /search/search': hits('neon') });
    render(<MarketSearch />);
    await user().type(box(), 'n');
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2));
    expect(sent).toHaveLength(0);

    await user().type(box(), 'eon');
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(sent).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(sent.map(({ params }) => params.query)).toEqual(['neon']);
    expect(await screen.findByRole('option', { name: 'neon land' })).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
  });

  it('never lets a stale answer replace a newer one', async () => {
    const slow = deferred();
    serveApi({
      'GET /search/search': (request) =>
        (request.params as { query: string }).query === 'ne' ? slow.promise : hits('neon'),
    });
    render(<MarketSearch />);
    await user().type(box(), 'ne');
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await user().type(box(), 'on');
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(await screen.findByRole('option', { name: 'neon land' })).toBeInTheDocument();

    slow.resolve(hits('ne'));
    await act(() => jest.advanceTimersByTimeAsync(10));
    expect(screen.queryByRole('option', { name: 'ne land' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'neon land' })).toBeInTheDocument();
  });

  it('clears the results when the text is emptied, and closes on Escape', async () => {
    serveApi({ 'GET /search/search': hits('neon') });
    render(<MarketSearch />);
    await user().type(box(), 'neon');
    await act(() => jest.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await screen.findByRole('listbox');
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user().clear(box());
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });
});
