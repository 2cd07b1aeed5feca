import {
  makeUser,
  recordToasts,
  serveApi,
  signIn,
  calls,
  deferred,
} from '@hypertek/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItem, withMarket } from '../../test/fixtures';
import { list } from '../../test/http';
import { renderPage } from '../../test/render';
import BuyNfaPage from './buy-nfa-page';

const toasts = recordToasts();
const item = withMarket({ ...makeItem('nfa', 18), price: 1800 });
const open = () => renderPage(<BuyNfaPage />, { path: '/buy-nfa', state: item });

/** The watch state's answer for the item. */
const state = (watched: boolean, alertPrice: number | null = null, status = 200) => ({
  status,
  data: {
    success: true,
    message: 'Watched state fetched',
    itemId: 'nfa-18',
    watched,
    alertPrice,
    alertPriceCents: alertPrice === null ? null : alertPrice * 100,
  },
});
const refusal = (status: number, message: string) => ({
  status,
  data: { success: false, message },
});
const star = () => screen.getByRole('button', { name: 'Watch' });
const writes = (sent: ReturnType<typeof serveApi>) =>
  calls(sent).filter((call) => call.method !== 'GET');

describe('the item page: the watch star and the alert price', () => {
  it('signed out: the star is a link to /signin, and nothing is read', async () => {
    const sent = serveApi({ 'GET /activity/item/*': list([]) });
    open();
    expect(screen.getByRole('link', { name: 'Watch' })).toHaveAttribute('href', '/signin');
    await userEvent.click(screen.getByRole('link', { name: 'Watch' }));
    expect(screen.getByRole('heading', { name: 'Landed on /signin' })).toBeInTheDocument();
    expect(sent.filter((r) => r.path.startsWith('/watchlist'))).toEqual([]);
  });

  it('reads the state: not pressed, no alert form; pressing watches at once (PUT, no alert price)', async () => {
    signIn(makeUser());
    const put = deferred();
    let watched = false;
    const sent = serveApi({
      'GET /activity/item/*': list([]),
      'GET /watchlist/nfa-18': () => state(watched),
      'PUT /watchlist/nfa-18': put.route,
    });
    open();
    await waitFor(() => expect(star()).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByLabelText('Alert me at or below')).not.toBeInTheDocument();

    await userEvent.click(star());
    // Optimistic: pressed before the answer.
    await waitFor(() => expect(star()).toHaveAttribute('aria-pressed', 'true'));
    watched = true;
    put.resolve({
      status: 201,
      data: { ...state(true).data, message: 'The item is on your watchlist' },
    });
    expect(await screen.findByLabelText('Alert me at or below')).toHaveValue('');
    expect(writes(sent)).toEqual([
      { method: 'PUT', url: '/watchlist/nfa-18', body: { alertPrice: null } },
    ]);
    expect(toasts).toEqual([]);
  });

  it('a refused watch puts the star back and says the API’s words in a toast', async () => {
    signIn(makeUser());
    const words = 'You already watch 500 items: remove one to watch another';
    serveApi({
      'GET /activity/item/*': list([]),
      'GET /watchlist/nfa-18': state(false),
      'PUT /watchlist/nfa-18': refusal(409, words),
    });
    open();
    await waitFor(() => expect(star()).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(star());
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: words }]));
    expect(star()).toHaveAttribute('aria-pressed', 'false');
  });

  it('watched with an alert price: pressed, the price in the form; unwatching (DELETE) at once', async () => {
    signIn(makeUser());
    const del = deferred();
    let watched = true;
    const sent = serveApi({
      'GET /activity/item/*': list([]),
      'GET /watchlist/nfa-18': () => (watched ? state(true, 250) : state(false)),
      'DELETE /watchlist/nfa-18': del.route,
    });
    open();
    expect(await screen.findByLabelText('Alert me at or below')).toHaveValue('250');
    expect(
      screen.getByText('You are told when it is listed at or below $250.'),
    ).toBeInTheDocument();
    expect(star()).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(star());
    await waitFor(() => expect(star()).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByLabelText('Alert me at or below')).not.toBeInTheDocument();
    expect(writes(sent)).toEqual([{ method: 'DELETE', url: '/watchlist/nfa-18', body: undefined }]);
    watched = false;
    del.resolve(state(false));
    await waitFor(() =>
      expect(sent.filter((r) => r.method === 'GET' && r.path === '/watchlist/nfa-18')).toHaveLength(
        2,
      ),
    );
    expect(star()).toHaveAttribute('aria-pressed', 'false');
  });

  it('saves an alert price with PUT ($1,250.5 is 1250.5); a bad one shows the API’s message', async () => {
    signIn(makeUser());
    const sent = serveApi({
      'GET /activity/item/*': list([]),
      'GET /watchlist/nfa-18': state(true),
      'PUT /watchlist/nfa-18': ({ body }) => {
        const price = (body as { alertPrice: number }).alertPrice;
        return price > 1_000_000
          ? refusal(400, 'Alert price: Price must be at most 1,000,000')
          : state(true, price);
      },
    });
    open();
    const field = await screen.findByLabelText('Alert me at or below');
    await userEvent.type(field, '$1,250.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText('Alert saved')).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, '2000000');
    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Alert price: Price must be at most 1,000,000',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // The form says it; no toast repeats it. The star stays pressed.
    expect(toasts).toEqual([]);
    expect(star()).toHaveAttribute('aria-pressed', 'true');

    await userEvent.clear(field);
    await userEvent.type(field, 'cheap');
    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Alert price: Price must be a positive number',
    );
    expect(writes(sent)).toEqual([
      { method: 'PUT', url: '/watchlist/nfa-18', body: { alertPrice: 1250.5 } },
      { method: 'PUT', url: '/watchlist/nfa-18', body: { alertPrice: 2_000_000 } },
    ]);
  });

  it('an empty field saves no alert price (null: any listing tells)', async () => {
    signIn(makeUser());
    const sent = serveApi({
      'GET /activity/item/*': list([]),
      'GET /watchlist/nfa-18': state(true, 300),
      'PUT /watchlist/nfa-18': state(true),
    });
    open();
    await userEvent.clear(await screen.findByLabelText('Alert me at or below'));
    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText('No alert price: any listing tells you')).toBeInTheDocument();
    expect(writes(sent)).toEqual([
      { method: 'PUT', url: '/watchlist/nfa-18', body: { alertPrice: null } },
    ]);
  });
});
