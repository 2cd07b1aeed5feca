import { calls, serveApi } from '@hypertek/shared/testing';
import { screen, within } from '@testing-library/react';

import { makeActivity } from '../../test/catalogue';
import { balanceRoute } from '../../test/market';
import { renderAt } from '../../test/render';
import { makeUser, signInAs } from '../../test/session';
import { cellLabels, cellText } from '../../test/tables';
import ActivityPage from './activity-page';

const renderActivity = () => renderAt('/Activity', { '/Activity': <ActivityPage /> });

describe('/Activity (Activities tab)', () => {
  it("shows the user's first 5 activity entries as Name, Type, Buyer, Seller, Price, Time", async () => {
    const sent = serveApi({
      'GET /activity/u-7': { data: { success: true, data: makeActivity(7) } },
      ...balanceRoute(),
    });
    signInAs(makeUser({ _id: 'u-7' }));
    renderActivity();

    const table = await screen.findByRole('table');
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(within(head!).getAllByRole('columnheader').map(cellText)).toEqual([
      'Name',
      'Type',
      'Buyer',
      'Seller',
      'Price',
      'Time',
    ]);
    expect(rows).toHaveLength(5);
    expect(within(rows[2]!).getAllByRole('cell').map(cellText)).toEqual([
      'Transfer',
      '0xbuyer3',
      '0xseller3',
      '$30 USDT',
      '3d',
    ]);
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('Trade 3');
    // On a phone the row is a card: each value under its column's name.
    expect(cellLabels(rows[2]!)).toEqual(['Type', 'Buyer', 'Seller', 'Price', 'Time']);
    expect(calls(sent.filter(({ path }) => path.startsWith('/activity/')))).toEqual([
      { method: 'GET', url: '/activity/u-7', body: undefined },
    ]);
  });

  it('reads a bare array as well as a data array', async () => {
    serveApi({ 'GET /activity/u-7': { data: makeActivity(2) }, ...balanceRoute() });
    signInAs(makeUser({ _id: 'u-7' }));
    renderActivity();

    expect(await screen.findByRole('rowheader', { name: 'Trade 2' })).toBeInTheDocument();
  });

  it('says there is no activity yet when the list is empty or the call fails', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const reply of [{ data: { success: true, data: [] } }, { status: 500, data: {} }]) {
      serveApi({ 'GET /activity/u-7': reply, ...balanceRoute() });
      signInAs(makeUser({ _id: 'u-7' }));
      const { unmount } = renderActivity();
      expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Browse Collection' })).toHaveAttribute(
        'href',
        '/market-place',
      );
      unmount();
    }
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it("asks signed-out visitors to log in first ('Please Login first!')", () => {
    const sent = serveApi({});
    renderActivity();
    expect(screen.getByRole('heading', { name: 'Please Login first!' })).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
