import { deferred, serveApi } from '@hypertek/shared/testing';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItems } from '../../test/fixtures';
import { list } from '../../test/http';
import { renderPage } from '../../test/render';
import NfaExpandPage from './nfa-expand-page';

const open = () => renderPage(<NfaExpandPage />, { path: '/nfa-expand' });
const grid = () => within(screen.getByRole('region', { name: 'Collectibles' }));

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

  it("shows 4 tiles: 'Instant Sell' first, then market entries linking to /buy-nfa", async () => {
    serveApi({ 'GET /market/getMarket': list(makeItems('nfa', 8)) });
    open();
    await waitForElementToBeRemoved(() =>
      screen.queryByRole('status', { name: 'Loading Collectibles' }),
    );
    const tiles = grid().getAllByRole('article');
    expect(tiles).toHaveLength(4);
    expect(within(tiles[0]!).getByRole('heading')).toHaveTextContent('Instant Sell');
    expect(within(tiles[0]!).getByRole('button', { name: 'Sell Now' })).toBeInTheDocument();
    const buy = grid().getAllByRole('link', { name: /^Buy Now/ });
    expect(buy).toHaveLength(3);
    expect(buy.map((link) => link.getAttribute('href'))).toEqual([
      '/buy-nfa',
      '/buy-nfa',
      '/buy-nfa',
    ]);

    await userEvent.click(buy[0]!);
    expect(JSON.parse(screen.getByTestId('state').textContent)).toMatchObject({ _id: 'nfa-1' });
  });

  it('shows a loading indicator until the market call finishes, then the empty collection on failure', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const market = deferred();
    serveApi({ 'GET /market/getMarket': market.route });
    open();
    expect(screen.getByRole('status', { name: 'Loading Collectibles' })).toBeInTheDocument();
    market.resolve({ status: 500, data: {} });
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(grid().queryByRole('link', { name: /^Buy Now/ })).not.toBeInTheDocument();
    expect(grid().getByText('No Items')).toBeInTheDocument();
    errors.mockRestore();
  });
});
