import type { MarketListing } from '@hypertek/shared';
import {
  calls,
  deferred,
  pending,
  recordToasts,
  serveApi,
  type Route,
  type Routes,
} from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { balanceRoute, makeListing } from '../../test/market';
import { renderAt } from '../../test/render';
import { makeUser, signInAs } from '../../test/session';
import { cellLabels, cellText } from '../../test/tables';
import ListPage from './list-page';

const toasts = recordToasts();

const USER_ID = 'u-5';

/** The user's listings: three active ones, one sold, one cancelled. */
const LISTINGS: MarketListing[] = [
  makeListing(1, { name: 'Neon Ronin #0217', price: 1250, floor: 1100 }),
  makeListing(2, { name: 'Quantum Courier #0042', price: 860.5, floor: 820, qty: 2 }),
  makeListing(3, { name: 'Chrome Seraph #1180', price: 420, floor: null, kind: 'land' }),
  makeListing(4, { name: 'Void Parcel 12-B', status: 'Sold', price: 3400, buyer: 'Bo' }),
  makeListing(5, { name: 'Monkey Ape #0033', status: 'Cancelled', price: 1800 }),
];

const listingsAnswer = (data: MarketListing[], nextCursor: string | null = null) => ({
  data: { success: true, message: 'Listings', data, nextCursor },
});

function renderList(listings: Route = listingsAnswer(LISTINGS), routes: Routes = {}) {
  const sent = serveApi({
    [`GET /market/listings/user/${USER_ID}`]: listings,
    ...balanceRoute(),
    ...routes,
  });
  signInAs(makeUser({ _id: USER_ID }));
  renderAt('/List', { '/List': <ListPage /> });
  return { user: userEvent.setup(), sent };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
const listingCalls = (sent: Parameters<typeof calls>[0]) =>
  calls(sent).filter(({ url }) => url.startsWith('/market/listings'));

describe('/List (Listing tab)', () => {
  it("lists the user's listings from the API: Listing, Status, Price, Floor, Qty and a checkbox", async () => {
    const { sent } = renderList();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map(cellText)).toEqual([
      'Listing',
      'Status',
      'Price',
      'Floor',
      'Qty',
      'Select all',
    ]);
    expect(rows).toHaveLength(6);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Neon Ronin #0217');
    expect(within(rows[1]!).getAllByRole('cell').map(cellText)).toEqual([
      'Active',
      '$1,250',
      '$1,100',
      '1',
      '',
    ]);
    expect(within(rows[2]!).getAllByRole('cell').map(cellText)).toEqual([
      'Active',
      '$860.50',
      '$820',
      '2',
      '',
    ]);
    // No active listing of that kind besides this one: no floor.
    expect(within(rows[3]!).getAllByRole('cell').map(cellText)[2]).toBe('—');
    expect(within(rows[4]!).getByText('Sold')).toHaveClass('ui-table-chip', 'ac-status-sold');
    expect(within(rows[5]!).getByText('Cancelled')).toHaveClass('ac-status-cancelled');
    expect(screen.queryAllByRole('checkbox', { checked: true })).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Cancel \d/ })).not.toBeInTheDocument();
    expect(listingCalls(sent)).toEqual([
      { method: 'GET', url: `/market/listings/user/${USER_ID}?status=all`, body: undefined },
    ]);
    expect(sent[0]?.headers.Authorization).toMatch(/^Bearer /);
  });

  it('gives each cell its column name for the phone layout (one card per row), with Select all above', async () => {
    renderList();

    const table = await screen.findByRole('table');
    const [head, first] = within(table).getAllByRole('row');
    expect(cellLabels(first!)).toEqual(['Status', 'Price', 'Floor', 'Qty', 'Select']);
    expect(within(head!).getByRole('checkbox', { name: 'Select all listings' })).toBeVisible();
    expect(within(head!).getByText('Select all')).toBeInTheDocument();
    // 'Active' whole, in its own chip.
    expect(within(first!).getByText('Active')).toHaveClass('ui-table-chip');
  });

  it('lets only active rows be checked; Select all checks the active ones', async () => {
    const { user } = renderList();
    await screen.findByRole('table');

    expect(checkbox('Void Parcel 12-B')).toBeDisabled();
    expect(checkbox('Monkey Ape #0033')).toBeDisabled();
    expect(checkbox('Neon Ronin #0217')).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select all listings' }));
    expect(
      screen
        .getAllByRole('checkbox', { checked: true })
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual([
      'Select all listings',
      'Select Neon Ronin #0217',
      'Select Quantum Courier #0042',
      'Select Chrome Seraph #1180',
    ]);
    expect(screen.getByRole('button', { name: 'Cancel 3 Listing(s)' })).toBeInTheDocument();
  });

  it("offers 'Cancel N Listing(s)' for the checked rows; checking again unchecks", async () => {
    const { user } = renderList();
    await screen.findByRole('table');

    await user.click(checkbox('Neon Ronin #0217'));
    expect(screen.getByRole('button', { name: 'Cancel 1 Listing(s)' })).toBeInTheDocument();

    await user.click(checkbox('Quantum Courier #0042'));
    expect(screen.getByRole('button', { name: 'Cancel 2 Listing(s)' })).toBeInTheDocument();

    await user.click(checkbox('Neon Ronin #0217'));
    expect(checkbox('Neon Ronin #0217')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Cancel 1 Listing(s)' })).toBeInTheDocument();
  });

  it("opens 'Cancel Listing' with the total price; Close keeps the checks", async () => {
    const { user, sent } = renderList();
    await screen.findByRole('table');
    await user.click(checkbox('Quantum Courier #0042'));
    await user.click(checkbox('Chrome Seraph #1180'));
    await user.click(screen.getByRole('button', { name: 'Cancel 2 Listing(s)' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Cancel Listing' }));
    expect(dialog.getByTestId('cancel-total')).toHaveTextContent('$1,280.50');
    expect(dialog.getByText('Quantum Courier #0042')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(checkbox('Quantum Courier #0042')).toBeChecked();
    expect(checkbox('Chrome Seraph #1180')).toBeChecked();
    expect(listingCalls(sent).filter(({ method }) => method === 'POST')).toEqual([]);
  });

  it('Confirm cancels the checked listings, toasts each row that could not be, clears the checks and reads the list again', async () => {
    let listings = LISTINGS;
    const answer = deferred();
    const { user, sent } = renderList(() => listingsAnswer(listings), {
      'POST /market/listings/cancel': answer.route,
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select all listings' }));
    await user.click(screen.getByRole('button', { name: 'Cancel 3 Listing(s)' }));
    expect(screen.getByTestId('cancel-total')).toHaveTextContent('$2,530.50');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    // While the call is on its way, Confirm cannot be pressed again.
    expect(screen.getByRole('button', { name: 'Cancelling…' })).toBeDisabled();
    listings = LISTINGS.map((l) =>
      l._id === 'listing-2'
        ? { ...l, status: 'Sold' as const }
        : l.status === 'Active'
          ? { ...l, status: 'Cancelled' as const }
          : l,
    );
    answer.resolve({
      data: {
        success: true,
        message: '2 listings cancelled',
        results: [
          { _id: 'listing-1', status: 'cancelled', message: 'Listing cancelled' },
          { _id: 'listing-2', status: 'sold', message: 'Quantum Courier #0042 was sold meanwhile' },
          { _id: 'listing-3', status: 'cancelled', message: 'Listing cancelled' },
        ],
      },
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryAllByRole('checkbox', { checked: true })).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Cancel \d/ })).not.toBeInTheDocument();
    expect(toasts).toEqual([
      { kind: 'success', message: '2 listings cancelled' },
      { kind: 'warning', message: 'Quantum Courier #0042 was sold meanwhile' },
    ]);
    expect(listingCalls(sent).find(({ method }) => method === 'POST')).toEqual({
      method: 'POST',
      url: '/market/listings/cancel',
      body: { ids: ['listing-1', 'listing-2', 'listing-3'] },
    });
    // The list is read again: the rows show what became of them.
    await waitFor(() => expect(checkbox('Quantum Courier #0042')).toBeDisabled());
    expect(
      within(checkbox('Quantum Courier #0042').closest('tr')!).getByText('Sold'),
    ).toBeInTheDocument();
    expect(checkbox('Neon Ronin #0217')).toBeDisabled();
  });

  it('says in the dialog why the cancel failed, and keeps the checks', async () => {
    const { user } = renderList(listingsAnswer(LISTINGS), {
      'POST /market/listings/cancel': {
        status: 503,
        data: { success: false, message: 'The market is closed for maintenance' },
      },
    });
    await screen.findByRole('table');
    await user.click(checkbox('Neon Ronin #0217'));
    await user.click(screen.getByRole('button', { name: 'Cancel 1 Listing(s)' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Cancel Listing' }));
    await waitFor(() =>
      expect(dialog.getByRole('alert')).toHaveTextContent('The market is closed for maintenance'),
    );
    expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(checkbox('Neon Ronin #0217')).toBeChecked();
    expect(toasts).toEqual([{ kind: 'error', message: 'The market is closed for maintenance' }]);
  });

  it('closes the dialog with Escape and moves focus into it when it opens', async () => {
    const { user } = renderList();
    await screen.findByRole('table');
    await user.click(checkbox('Chrome Seraph #1180'));
    await user.click(screen.getByRole('button', { name: 'Cancel 1 Listing(s)' }));

    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(checkbox('Chrome Seraph #1180')).toBeChecked();
  });

  it("shows 'No Listing' when the user has listed nothing", async () => {
    renderList(listingsAnswer([]));
    expect(await screen.findByRole('heading', { name: 'No Listing' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Collection' })).toHaveAttribute(
      'href',
      '/market-place',
    );
  });

  it('shows a loading status until the listings answer', () => {
    renderList(pending);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your listings…');
  });

  it('says the listings could not be loaded, and reads them again on Try again', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: Route = { status: 500, data: { success: false, message: 'Database unavailable' } };
    const { user } = renderList(() => answer as never);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your listings could not be loaded. Database unavailable');
    expect(screen.queryByRole('heading', { name: 'No Listing' })).not.toBeInTheDocument();

    answer = listingsAnswer(LISTINGS);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: /Neon Ronin/ })).toBeInTheDocument();
    log.mockRestore();
  });

  it("reads further pages with 'Show more listings'", async () => {
    const { user, sent } = renderList(({ params }) =>
      params.cursor === 'p2'
        ? listingsAnswer([makeListing(9, { name: 'Ninth' })])
        : listingsAnswer(LISTINGS.slice(0, 2), 'p2'),
    );
    await screen.findByRole('table');
    expect(screen.getAllByRole('rowheader')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Show more listings' }));
    expect(await screen.findByRole('rowheader', { name: /Ninth/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more listings' })).not.toBeInTheDocument();
    expect(listingCalls(sent).map(({ url }) => url)).toEqual([
      `/market/listings/user/${USER_ID}?status=all`,
      `/market/listings/user/${USER_ID}?status=all&cursor=p2`,
    ]);
  });

  it('asks signed-out visitors to log in first', () => {
    const sent = serveApi({});
    renderAt('/List', { '/List': <ListPage /> });
    expect(screen.getByRole('heading', { name: 'Please Login first!' })).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
