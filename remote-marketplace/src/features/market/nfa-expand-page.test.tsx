import { deferred, serveApi } from '@hypertek/shared/testing';
import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItems } from '../../test/fixtures';
import { prepareBrowsing } from '../../test/browsing';
import { list } from '../../test/http';
import { renderPage } from '../../test/render';
import NfaExpandPage, { MARKET_PAGE_SIZE } from './nfa-expand-page';

const open = (url = '/nfa-expand') => renderPage(<NfaExpandPage />, { path: '/nfa-expand', url });
const grid = () => within(screen.getByRole('region', { name: 'Collectibles' }));

prepareBrowsing();

describe('/nfa-expand', () => {
  it('shows the hero and search, with Collectibles the active tab', async () => {
    serveApi({ 'GET /market/getMarket': list(makeItems('nfa', 8)) });
    open();
    expect(
      screen.getByRole('heading', { name: 'A New Era Dawns in Hyper Tek' }),
    ).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Collectibles' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await grid().findByRole('heading', { name: 'Instant Sell' });
  });

  it("starts with the product's 4 tiles: 'Instant Sell', then the first 3 market entries, each going to its /buy-nfa address", async () => {
    const sent = serveApi({ 'GET /market/getMarket': list(makeItems('nfa', 8)) });
    open();
    await waitForElementToBeRemoved(() =>
      screen.queryByRole('status', { name: 'Loading Collectibles' }),
    );
    const tiles = grid().getAllByRole('article');
    expect(within(tiles[0]!).getByRole('heading')).toHaveTextContent('Instant Sell');
    expect(within(tiles[0]!).getByRole('button', { name: 'Sell Now' })).toBeInTheDocument();
    expect(tiles.slice(1, 4).map((tile) => within(tile).getByRole('heading').textContent)).toEqual([
      'Neon Relic 1',
      'Neon Relic 2',
      'Neon Relic 3',
    ]);
    const buy = grid().getAllByRole('link', { name: /^Buy Now/ });
    expect(buy.slice(0, 3).map((link) => link.getAttribute('href'))).toEqual([
      '/buy-nfa?id=nfa-1',
      '/buy-nfa?id=nfa-2',
      '/buy-nfa?id=nfa-3',
    ]);
    // Without a sort or filter the list is asked for as it always was: the catalogue's order.
    expect(sent.map(({ params }) => params)).toEqual([{ limit: MARKET_PAGE_SIZE }]);

    await userEvent.click(buy[0]!);
    expect(JSON.parse(screen.getByTestId('state').textContent)).toMatchObject({ _id: 'nfa-1' });
  });

  it('goes on past the first tiles: every entry of the page, then more on demand', async () => {
    serveApi({
      'GET /market/getMarket': (request) =>
        (request.params as { cursor?: string }).cursor === undefined
          ? list(makeItems('nfa', 8), 'next')
          : list(makeItems('nfa', 2, 9), null),
    });
    open();
    await screen.findByText('Showing 8 collectibles');
    expect(grid().getAllByRole('link', { name: /^Buy Now/ })).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'Load more collectibles' }));
    await screen.findByText('Showing all 10 collectibles');
    expect(grid().getByRole('link', { name: 'Buy Now: Neon Relic 9' })).toBeInTheDocument();
  });

  it("shows placeholders until the market call finishes, then on failure a way to try again (not 'No Items')", async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const market = deferred();
    serveApi({ 'GET /market/getMarket': market.route });
    open();
    expect(screen.getByRole('status', { name: 'Loading Collectibles' })).toBeInTheDocument();
    market.resolve({ status: 500, data: {} });
    const problem = await grid().findByRole('alert');
    expect(problem).toHaveTextContent('Could not load the collectibles.');
    expect(within(problem).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(grid().queryByRole('link', { name: /^Buy Now/ })).not.toBeInTheDocument();
    expect(grid().queryByText('No Items')).not.toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('Error fetching market data', expect.anything());
    errors.mockRestore();
  });

  it('filters NFAs by rarity and category (not by region or size)', async () => {
    serveApi({ 'GET /market/getMarket': list(makeItems('nfa', 2)) });
    open();
    const bar = within(screen.getByRole('search', { name: 'Sort and filter collectibles' }));
    expect(bar.getByRole('combobox', { name: 'Rarity' })).toBeInTheDocument();
    expect(bar.getByRole('combobox', { name: 'Category' })).toBeInTheDocument();
    expect(bar.queryByRole('combobox', { name: 'Region' })).not.toBeInTheDocument();
    expect(bar.queryByRole('combobox', { name: 'Size' })).not.toBeInTheDocument();
    await screen.findByText('Showing all 2 collectibles');
  });
});
