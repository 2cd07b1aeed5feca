import { deferred, makeActivity, serveApi, signIn } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';

import { list } from '../../test/http';
import { renderPage } from '../../test/render';
import PersonalActivityPage from './personal-activity-page';

const open = () => renderPage(<PersonalActivityPage />, { path: '/personal-activity' });

describe('/personal-activity', () => {
  it('asks signed-out visitors to log in first, without calling the server', () => {
    const sent = serveApi({});
    open();
    expect(screen.getByText('Please Login first!')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Activities' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it("shows the user's first 5 activities (Name … Time), ages in whole days, after loading", async () => {
    signIn();
    const answer = deferred();
    const sent = serveApi({ 'GET /activity/u1': answer.route });
    open();
    expect(screen.getByRole('status', { name: 'Loading activity' })).toBeInTheDocument();
    answer.resolve(list([1, 2, 3, 4, 5, 6, 7].map((n) => makeActivity(n, n))));
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Type', 'Buyer', 'Seller', 'Price', 'Time']);
    const rows = within(table).getAllByRole<HTMLTableRowElement>('row').slice(1);
    expect(rows.map((row) => Array.from(row.cells, (cell) => cell.textContent))).toEqual(
      [1, 2, 3, 4, 5].map((n) => [
        `Activity item ${n}`,
        'Sale',
        `Buyer ${n}`,
        `Seller ${n}`,
        `$${10 * n} USDT`,
        `${n}d`,
      ]),
    );
    expect(sent.map(({ url }) => url)).toContain('/activity/u1');
  });

  it('shows an empty table when the call fails', async () => {
    signIn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    serveApi({ 'GET /activity/u1': { status: 500, data: {} } });
    open();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getByText('No activity yet.')).toBeInTheDocument();
    errors.mockRestore();
  });

  it("links a row to its item's page when the entry names the item", async () => {
    signIn();
    serveApi({
      'GET /activity/u1': list([
        { ...makeActivity(1, 1), itemId: '12', itemKind: 'nfa' },
        makeActivity(2, 2),
      ]),
    });
    open();
    const table = await screen.findByRole('table', { name: 'Your activity' });
    expect(within(table).getByRole('link', { name: 'Activity item 1' })).toHaveAttribute(
      'href',
      '/buy-nfa?id=12',
    );
    expect(within(table).queryByRole('link', { name: 'Activity item 2' })).not.toBeInTheDocument();
  });
});
