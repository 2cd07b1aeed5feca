import { SEARCH_DEBOUNCE_MS } from '@hypertek/shared';
import { deferred, serveApi } from '@hypertek/shared/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderPage } from '../../../test/render';
import { MarketSearch } from './market-search';

const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
const box = () => screen.getByRole('combobox', { name: 'Search the marketplace' });
const hits = (title: string) => ({
  data: {
    success: true,
    lands: [
      { _id: `l-${title}`, title: `${title} land`, serialNumber: 'LND-0045', price: 1649.06 },
    ],
    nfas: [],
  },
});
const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const show = () => renderPage(<MarketSearch />, { path: '/market-place' });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('marketplace search', () => {
  it('asks the server only for text longer than 1 character, 300 ms after typing stops', async () => {
    const sent = serveApi({ 'GET /search/search': hits('neon') });
    show();
    expect(box()).toHaveAttribute('placeholder', 'Search...');
    await user().type(box(), 'n');
    await wait(SEARCH_DEBOUNCE_MS * 2);
    expect(sent).toHaveLength(0);

    await user().type(box(), 'eon');
    await wait(SEARCH_DEBOUNCE_MS - 1);
    expect(sent).toHaveLength(0);
    await wait(1);
    expect(sent.map(({ params }) => params.query)).toEqual(['neon']);
    expect(
      await screen.findByRole('option', { name: 'neon land #LND-0045 $1,649.06' }),
    ).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
  });

  it('never lets a stale answer replace a newer one', async () => {
    const slow = deferred();
    serveApi({
      'GET /search/search': (request) =>
        (request.params as { query: string }).query === 'ne' ? slow.promise : hits('neon'),
    });
    show();
    await user().type(box(), 'ne');
    await wait(SEARCH_DEBOUNCE_MS);
    await user().type(box(), 'on');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(await screen.findByRole('option', { name: /neon land/ })).toBeInTheDocument();

    slow.resolve(hits('ne'));
    await wait(10);
    expect(screen.queryByRole('option', { name: /^ne land/ })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: /neon land/ })).toBeInTheDocument();
  });

  it('opens the chosen land with the keyboard: search/item, then /buy-land?id=', async () => {
    const sent = serveApi({
      'GET /search/search': hits('neon'),
      'GET /search/item/l-neon': {
        data: { success: true, data: { _id: 'l-neon', title: 'neon land', price: 1649.06 } },
      },
    });
    show();
    await user().type(box(), 'neon');
    await wait(SEARCH_DEBOUNCE_MS);
    await screen.findByRole('listbox');

    // The item's answer arrives after the key press: wait for it within the same act.
    await act(async () => {
      await user().keyboard('{ArrowDown}{Enter}');
      await jest.advanceTimersByTimeAsync(0);
    });

    expect(sent.map(({ url }) => url)).toContain('/search/item/l-neon');
    expect(screen.getByTestId('address')).toHaveTextContent('/buy-land?id=l-neon');
    expect(JSON.parse(screen.getByTestId('state').textContent)).toEqual({
      _id: 'l-neon',
      title: 'neon land',
      price: 1649.06,
      kind: 'land',
    });
  });

  it("says 'No results for …', closes on Escape and clears on a second Escape", async () => {
    serveApi({ 'GET /search/search': { data: { success: true, lands: [], nfas: [] } } });
    show();
    await user().type(box(), 'qqq');
    await wait(SEARCH_DEBOUNCE_MS);
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('No results for “qqq”');
    expect(within(note).queryByRole('option')).not.toBeInTheDocument();

    await user().keyboard('{Escape}');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(box()).toHaveValue('qqq');
    await user().keyboard('{Escape}');
    expect(box()).toHaveValue('');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });
});
