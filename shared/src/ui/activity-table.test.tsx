import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';

import type { ActivityEntry } from '../contract';
import { makeActivity } from '../testing/fixtures';
import { ActivityTable } from './activity-table';

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

const sold = (n: number, item: Pick<ActivityEntry, 'itemId' | 'itemKind'>): ActivityEntry => ({
  ...makeActivity(n, n),
  ...item,
});

const show = (rows: ActivityEntry[]) =>
  render(
    <MemoryRouter initialEntries={['/market-place']}>
      <ActivityTable rows={rows} caption="Latest marketplace activity" />
      <Address />
    </MemoryRouter>,
  );
const table = () => screen.getByRole('table', { name: 'Latest marketplace activity' });

describe('ActivityTable', () => {
  it("links each row's name to its item's page, by kind, when the entry names the item", async () => {
    show([sold(1, { itemId: '42', itemKind: 'land' }), sold(2, { itemId: '7', itemKind: 'nfa' })]);
    expect(within(table()).getByRole('link', { name: 'Activity item 1' })).toHaveAttribute(
      'href',
      '/buy-land?id=42',
    );
    expect(within(table()).getByRole('link', { name: 'Activity item 2' })).toHaveAttribute(
      'href',
      '/buy-nfa?id=7',
    );
    await userEvent.click(within(table()).getByRole('link', { name: 'Activity item 2' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/buy-nfa?id=7');
  });

  it('keeps the name as plain text when the entry does not say which item it is', () => {
    show([
      makeActivity(1, 1),
      sold(2, { itemId: '7' }),
      sold(3, { itemId: '', itemKind: 'nfa' }),
      { ...makeActivity(4, 1), itemId: '9', itemKind: 'ship' as 'nfa' },
    ]);
    expect(within(table()).queryByRole('link')).not.toBeInTheDocument();
    expect(within(table()).getByText('Activity item 1')).toBeInTheDocument();
  });

  it('writes prices in the one USDT format and ages in whole days', () => {
    show([{ ...makeActivity(1, 3), price: 8823.06 }]);
    const [row] = within(table()).getAllByRole<HTMLTableRowElement>('row').slice(1);
    expect(Array.from(row!.cells, (cell) => cell.textContent)).toEqual([
      'Activity item 1',
      'Sale',
      'Buyer 1',
      'Seller 1',
      '$8,823.06 USDT',
      '3d',
    ]);
  });

  it("heads each row with its name and labels every other cell with its column, for the phone's card layout", () => {
    show([makeActivity(1, 1)]);
    const [row] = within(table()).getAllByRole<HTMLTableRowElement>('row').slice(1);
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('Activity item 1');
    expect(Array.from(row!.cells, (cell) => cell.dataset.label)).toEqual([
      undefined,
      'Type',
      'Buyer',
      'Seller',
      'Price',
      'Time',
    ]);
  });
});
