import { deferred } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeDetailItem } from '../../test/fixtures';
import { list } from '../../test/http';
import { makeSale, noSales, serveItemApi } from '../../test/item-api';
import { renderPage } from '../../test/render';
import BuyLandPage from './buy-land-page';
import BuyNfaPage from './buy-nfa-page';

// No canvas in jsdom; the land page's chart is not what these tests are about.
jest.mock('react-chartjs-2', () => ({ Bar: () => <canvas /> }));
jest.mock('chart.js', () => ({ Chart: { register: jest.fn() } }));

const relic = makeDetailItem('nfa', 18);
const open = () => renderPage(<BuyNfaPage />, { path: '/buy-nfa', state: relic });
const sales = () => within(screen.getByRole('region', { name: 'Sales history' }));
const salesCalls = (sent: { url: string }[]) =>
  sent.map(({ url }) => url).filter((url) => url.startsWith('/activity/item/'));
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole<HTMLTableRowElement>('row')
    .slice(1)
    .map((row) => Array.from(row.cells, (cell) => cell.textContent));

describe('Sales history on an item page', () => {
  it("lists the item's sales (buyer, price, age in days), skeleton rows until they arrive", async () => {
    const answer = deferred();
    const sent = serveItemApi({ 'GET /activity/item/*': answer.route });
    open();
    expect(sales().getByRole('status', { name: 'Loading sales history' })).toBeInTheDocument();
    answer.resolve(list([makeSale(2, 1), makeSale(1, 3)]));
    const table = await sales().findByRole('table', { name: 'Sales of this item, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Buyer', 'Price', 'Time']);
    expect(rowsOf(table)).toEqual([
      ['Buyer 2', '$2,000.50 USDT', '1d'],
      ['Buyer 1', '$1,000.50 USDT', '3d'],
    ]);
    expect(salesCalls(sent)[0]).toBe('/activity/item/nfa-18?limit=10');
    expect(sales().queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("says 'No sales yet' when the item was never sold", async () => {
    serveItemApi({ 'GET /activity/item/*': noSales });
    open();
    expect(await sales().findByText('No sales yet')).toBeInTheDocument();
    expect(sales().queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the history could not be loaded, and Try again asks again', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    serveItemApi({
      'GET /activity/item/*': () => (down ? { status: 500, data: {} } : list([makeSale(1, 2)])),
    });
    open();
    expect(await sales().findByRole('alert')).toHaveTextContent(
      'The sales history could not be loaded.',
    );
    down = false;
    await userEvent.click(sales().getByRole('button', { name: 'Try again' }));
    const table = await sales().findByRole('table');
    expect(rowsOf(table)).toEqual([['Buyer 1', '$1,000.50 USDT', '2d']]);
    errors.mockRestore();
  });

  it("pages with 'Show more' while the server has more, following its cursor", async () => {
    const sent = serveItemApi({
      'GET /activity/item/*': ({ params }) =>
        params.cursor === 'c1'
          ? list([makeSale(1, 9)])
          : list([makeSale(3, 1), makeSale(2, 4)], 'c1'),
    });
    open();
    const table = await sales().findByRole('table');
    expect(rowsOf(table)).toHaveLength(2);
    await userEvent.click(sales().getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rowsOf(sales().getByRole('table'))).toHaveLength(3));
    expect(rowsOf(sales().getByRole('table')).map((row) => row[0])).toEqual([
      'Buyer 3',
      'Buyer 2',
      'Buyer 1',
    ]);
    expect(salesCalls(sent)).toContain('/activity/item/nfa-18?limit=10&cursor=c1');
    expect(sales().queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('keeps the sales shown when the next page fails, and offers to try it again', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    let failNext = true;
    serveItemApi({
      'GET /activity/item/*': ({ params }) => {
        if (params.cursor !== 'c1') return list([makeSale(2, 1)], 'c1');
        if (failNext) {
          failNext = false;
          return { status: 502, data: {} };
        }
        return list([makeSale(1, 5)]);
      },
    });
    open();
    await sales().findByRole('table');
    await userEvent.click(sales().getByRole('button', { name: 'Show more' }));
    expect(await sales().findByRole('alert')).toHaveTextContent('More sales could not be loaded.');
    expect(rowsOf(sales().getByRole('table'))).toHaveLength(1);
    await userEvent.click(sales().getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rowsOf(sales().getByRole('table'))).toHaveLength(2));
    expect(sales().queryByRole('alert')).not.toBeInTheDocument();
    errors.mockRestore();
  });

  it("comes below the land's price history", async () => {
    serveItemApi({ 'GET /activity/item/*': noSales });
    renderPage(<BuyLandPage />, { path: '/buy-land', state: makeDetailItem('land', 3) });
    const history = screen.getByRole('region', { name: 'Price History' });
    const salesRegion = screen.getByRole('region', { name: 'Sales history' });
    expect(
      history.compareDocumentPosition(salesRegion) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(await within(salesRegion).findByText('No sales yet')).toBeInTheDocument();
  });
});
