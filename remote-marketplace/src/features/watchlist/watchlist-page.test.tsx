import { MESSAGES, type WatchedItem } from '@hypertek/shared';
import {
  calls,
  makeUser,
  recordToasts,
  serveApi,
  signIn,
  type SentRequest,
} from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderPage } from '../../test/render';
import WatchlistPage from './watchlist-page';

const toasts = recordToasts();
const open = () => renderPage(<WatchlistPage />, { path: '/watchlist' });

const watched = (n: number, overrides: Partial<WatchedItem> = {}): WatchedItem => ({
  itemId: String(n),
  kind: 'nfa',
  title: `Neon Relic ${n}`,
  image: `/media/nfa/${n}.svg`,
  price: 100 * n,
  listed: false,
  listingPrice: null,
  owner: 'Nova Rider',
  ownerId: 'u2',
  alertPrice: null,
  alertPriceCents: null,
  watchedAt: '2117-01-01T00:00:00.000Z',
  ...overrides,
});
const page = (data: WatchedItem[], nextCursor: string | null = null, total = data.length) => ({
  data: { success: true, message: 'Watchlist fetched', data, nextCursor, total, max: 500 },
});
const rows = () =>
  within(screen.getByRole('list', { name: 'Watched items' })).getAllByRole('heading');
/** The row of a watched item, by its name. */
const rowOf = (title: string) =>
  within(screen.getByRole('heading', { name: title }).closest('li') as HTMLElement);
const lists = (sent: SentRequest[]) =>
  sent.filter((r) => r.path === '/watchlist').map((r) => r.params);

describe('/watchlist', () => {
  it("signed out: 'Please Login first!' and Sign in, and nothing is read", () => {
    const sent = serveApi({});
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Watchlist' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.loginFirst)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(sent).toEqual([]);
  });

  it('lists the watched items newest first: name (to the item), price and listing, alert price', async () => {
    signIn(makeUser());
    const sent = serveApi({
      'GET /watchlist': page([
        watched(10, { alertPrice: 950, alertPriceCents: 95_000 }),
        watched(20, { listed: true, listingPrice: 990, price: 990, owner: 'Kira Vex' }),
        watched(170, { kind: 'land', title: 'Sector 170 Parcel', owner: 'Hyper Tek Vault' }),
      ]),
    });
    open();
    await waitFor(() =>
      expect(rows().map((h) => h.textContent)).toEqual([
        'Neon Relic 10',
        'Neon Relic 20',
        'Sector 170 Parcel',
      ]),
    );
    expect(screen.getByText('3 items watched (at most 500)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neon Relic 10' })).toHaveAttribute(
      'href',
      '/buy-nfa?id=10',
    );
    expect(screen.getByRole('link', { name: 'Sector 170 Parcel' })).toHaveAttribute(
      'href',
      '/buy-land?id=170',
    );
    const first = rowOf('Neon Relic 10');
    expect(first.getByText('Not listed')).toBeInTheDocument();
    expect(first.getByText('last $1,000 USDT')).toBeInTheDocument();
    expect(first.getByText('Alert at or below $950 USDT')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Neon Relic 10' })).toBeInTheDocument();
    const second = rowOf('Neon Relic 20');
    expect(second.getByText('Listed')).toBeInTheDocument();
    expect(second.getByText('$990 USDT')).toBeInTheDocument();
    expect(second.getByText('Alert: any listing')).toBeInTheDocument();
    expect(second.getByText('Owner Kira Vex')).toBeInTheDocument();
    expect(lists(sent)).toEqual([{ limit: 20 }]);
  });

  it("pages with 'Show more' (the server's cursor)", async () => {
    signIn(makeUser());
    const sent = serveApi({
      'GET /watchlist': ({ params }) =>
        params.cursor === 'c1'
          ? page([watched(3)], null, 3)
          : page([watched(1), watched(2)], 'c1', 3),
    });
    open();
    await screen.findByText('Neon Relic 2');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('Neon Relic 3');
    expect(rows()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(lists(sent)).toEqual([{ limit: 20 }, { limit: 20, cursor: 'c1' }]);
  });

  it('Unwatch takes the item off at once (DELETE); a refusal puts it back with a toast', async () => {
    signIn(makeUser());
    let refuse = false;
    const left = [watched(1), watched(2)];
    const sent = serveApi({
      'GET /watchlist': () => page(left),
      'DELETE /watchlist/*': ({ path }) => {
        if (refuse) return { status: 500, data: { success: false, message: 'Try later' } };
        left.splice(
          left.findIndex((w) => `/watchlist/${w.itemId}` === path),
          1,
        );
        return { data: { success: true, message: 'The item is off your watchlist' } };
      },
    });
    open();
    await screen.findByText('Neon Relic 2');
    await userEvent.click(screen.getByRole('button', { name: 'Unwatch Neon Relic 1' }));
    expect(screen.queryByText('Neon Relic 1')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText('1 item watched (at most 500)')).toBeInTheDocument(),
    );

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Unwatch Neon Relic 2' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'Try later' }]));
    expect(await screen.findByText('Neon Relic 2')).toBeInTheDocument();
    expect(calls(sent).filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/watchlist/1', body: undefined },
      { method: 'DELETE', url: '/watchlist/2', body: undefined },
    ]);
  });

  it('empty: says so, with a way to the market', async () => {
    signIn(makeUser());
    serveApi({ 'GET /watchlist': page([]) });
    open();
    expect(await screen.findByText('Your watchlist is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the marketplace' })).toHaveAttribute(
      'href',
      '/market-place',
    );
  });

  it("a failed read says so, and 'Try again' reads it again", async () => {
    signIn(makeUser());
    let fail = true;
    serveApi({ 'GET /watchlist': () => (fail ? { status: 500, data: {} } : page([watched(7)])) });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your watchlist could not be loaded right now.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Neon Relic 7')).toBeInTheDocument();
  });
});
