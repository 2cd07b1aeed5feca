import { MARKET_MESSAGES, MESSAGES, type MarketOffer } from '@hypertek/shared';
import { deferred, recordToasts, serveApi, signIn, type Routes } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItem, makeOffer } from '../../test/fixtures';
import { list } from '../../test/http';
import { renderPage } from '../../test/render';
import { formatDateTime } from '../../lib/dates';
import NoOfferPage from './no-offer-page';
import OfferReceivedPage from './offer-received-page';

const toasts = recordToasts();
const relic = makeItem('nfa', 18);
const land = makeItem('land', 4);
const HOUR = 3_600_000;
const until = new Date(Date.now() + 24 * HOUR).toISOString();

// On Ada's items: an open offer from Nova, and an accepted one from Rex.
const open = makeOffer(1, relic, { offer: 1650 });
const accepted = makeOffer(2, land, {
  offer: 380,
  from: 'Rex',
  fromId: 'u3',
  status: 'Accepted',
  reservedUntil: until,
});
// Ada's own offers: one open, one accepted (she must pay), one declined.
const mine = (n: number, overrides: Partial<MarketOffer>) =>
  makeOffer(n, makeItem('nfa', n), {
    from: 'Ada Lovelace',
    fromId: 'u1',
    to: 'Nova Pilot',
    ...overrides,
  });
const myOpen = mine(31, { offer: 2900 });
const myAccepted = mine(32, { offer: 3000, status: 'Accepted', reservedUntil: until });
const myDeclined = mine(33, { offer: 10, status: 'Declined' });

const answer = (offer: MarketOffer, message: string) => ({
  data: { success: true, message, offer },
});

const serveOffers = (routes: Routes = {}) =>
  serveApi({
    'GET /market/offers/received/u1': list([open, accepted]),
    'GET /market/offers/made/u1': list([myOpen, myAccepted, myDeclined]),
    ...routes,
  });

/** After an action, the list at `url` is read again (a second request, at least). */
const expectReadAgain = (sent: readonly { url: string }[], url: string) =>
  waitFor(() =>
    expect(sent.filter((request) => request.url === url).length).toBeGreaterThanOrEqual(2),
  );

const openPage = (path = '/offer-recieved') => renderPage(<OfferReceivedPage />, { path });
const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent.includes(text))!;
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('/offer-received', () => {
  it.each(['/offer-received', '/offer-recieved'])(
    '%s asks a signed-out visitor to sign in, and reads nothing',
    (path) => {
      const sent = serveOffers();
      openPage(path);
      expect(
        screen.getByRole('heading', { level: 1, name: 'Offers Received' }),
      ).toBeInTheDocument();
      expect(screen.getByText(MESSAGES.loginFirst)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(sent).toEqual([]);
    },
  );

  it("lists the offers on the user's items: Price, Offer, From, Expire, and the answer", async () => {
    signIn();
    const reply = deferred();
    serveOffers({ 'GET /market/offers/received/u1': reply.route });
    openPage();
    expect(screen.getByRole('status', { name: 'Loading offers received' })).toBeInTheDocument();
    reply.resolve(list([open, accepted]));
    const table = await screen.findByRole('table', { name: 'Offers received' });
    expect(headers(table)).toEqual(['Item', 'Price', 'Offer', 'From', 'Expire', 'Answer']);

    const openRow = within(rowOf(table, 'Neon Relic 18'));
    expect(openRow.getByRole('link', { name: /Neon Relic 18/ })).toHaveAttribute(
      'href',
      '/buy-nfa?id=nfa-18',
    );
    expect(openRow.getByText('$1,800 USDT')).toBeInTheDocument();
    expect(openRow.getByText('$1,650 USDT')).toBeInTheDocument();
    expect(openRow.getByText('Nova Pilot')).toBeInTheDocument();
    expect(openRow.getByText(formatDateTime(open.expiresAt))).toBeInTheDocument();
    expect(openRow.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(openRow.getByRole('button', { name: 'Decline' })).toBeEnabled();

    const acceptedRow = within(rowOf(table, 'Sector 4 Parcel'));
    expect(acceptedRow.getByText('Accepted')).toBeInTheDocument();
    expect(acceptedRow.getByText(`Reserved until ${formatDateTime(until)}`)).toBeInTheDocument();
    expect(acceptedRow.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when an item is not listed any more', async () => {
    signIn();
    serveOffers({ 'GET /market/offers/received/u1': list([{ ...open, price: null }]) });
    openPage();
    expect(
      await within(await screen.findByRole('table', { name: 'Offers received' })).findByText(
        'Not listed',
      ),
    ).toBeInTheDocument();
  });

  it.each([
    ['Accept', 'accept', MARKET_MESSAGES.offerAccepted],
    ['Decline', 'decline', MARKET_MESSAGES.offerDeclined],
  ])(
    '%s answers the offer, says so, and reads the offers again',
    async (button, action, message) => {
      signIn();
      const sent = serveOffers({
        [`POST /market/offers/offer-1/${action}`]: answer(open, message),
      });
      openPage();
      const row = within(
        rowOf(await screen.findByRole('table', { name: 'Offers received' }), 'Neon Relic 18'),
      );
      await userEvent.click(row.getByRole('button', { name: button }));
      await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message }]));
      const urls = sent.map(({ method, url }) => `${method} ${url}`);
      expect(urls).toContain(`POST /market/offers/offer-1/${action}`);
      await expectReadAgain(sent, '/market/offers/received/u1');
    },
  );

  it("shows the server's refusal as an error toast", async () => {
    signIn();
    const reason = 'Another offer on this item is already accepted';
    serveOffers({
      'POST /market/offers/offer-1/accept': {
        status: 409,
        data: { success: false, message: reason },
      },
    });
    openPage();
    const row = within(
      rowOf(await screen.findByRole('table', { name: 'Offers received' }), 'Neon Relic 18'),
    );
    await userEvent.click(row.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: reason }]));
  });

  it("shows 'No offers right now' with its graphic when nobody has made an offer", async () => {
    signIn();
    serveOffers({ 'GET /market/offers/received/u1': list([]) });
    openPage();
    expect(await screen.findByRole('heading', { name: 'No offers right now' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Nothing here yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Offers received' })).not.toBeInTheDocument();
  });

  it("says when the offers cannot be read, with the server's reason, and tries again", async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    let calls = 0;
    serveOffers({
      'GET /market/offers/received/u1': () =>
        ++calls === 1
          ? { status: 503, data: { success: false, message: 'Down for a moment' } }
          : list([open]),
    });
    openPage();
    const section = within(screen.getByRole('region', { name: 'Offers Received' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Down for a moment');
    await userEvent.click(section.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Offers received' })).toBeInTheDocument();
    errors.mockRestore();
  });

  describe('Your offers', () => {
    it('lists the offers the user made: status, Cancel on an open one, Pay now on an accepted one', async () => {
      signIn();
      serveOffers();
      openPage();
      const table = await screen.findByRole('table', { name: 'Your offers' });
      expect(screen.getByRole('heading', { level: 2, name: 'Your offers' })).toBeInTheDocument();
      expect(headers(table)).toEqual(['Item', 'Offer', 'To', 'Status', 'Expire', 'Action']);

      const openRow = within(rowOf(table, 'Neon Relic 31'));
      expect(openRow.getByText('Open')).toBeInTheDocument();
      expect(openRow.getByText('$2,900 USDT')).toBeInTheDocument();
      expect(openRow.getByRole('button', { name: 'Cancel' })).toBeEnabled();

      const acceptedRow = within(rowOf(table, 'Neon Relic 32'));
      expect(acceptedRow.getByText('Accepted')).toBeInTheDocument();
      expect(
        acceptedRow.getByText(`Reserved for you until ${formatDateTime(until)}`),
      ).toBeInTheDocument();
      expect(acceptedRow.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
        'href',
        '/buy-nfa?id=nfa-32',
      );
      expect(acceptedRow.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

      const declinedRow = within(rowOf(table, 'Neon Relic 33'));
      expect(declinedRow.getByText('Declined')).toBeInTheDocument();
      expect(declinedRow.queryByRole('button')).not.toBeInTheDocument();
      expect(declinedRow.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    });

    it('Cancel cancels the offer, says so, and reads the offers again', async () => {
      signIn();
      const sent = serveOffers({
        'POST /market/offers/offer-31/cancel': answer(
          { ...myOpen, status: 'Cancelled' },
          MARKET_MESSAGES.offerCancelled,
        ),
      });
      openPage();
      const row = within(
        rowOf(await screen.findByRole('table', { name: 'Your offers' }), 'Neon Relic 31'),
      );
      await userEvent.click(row.getByRole('button', { name: 'Cancel' }));
      await waitFor(() =>
        expect(toasts).toEqual([{ kind: 'success', message: MARKET_MESSAGES.offerCancelled }]),
      );
      expect(sent.filter(({ method }) => method === 'POST').map(({ url }) => url)).toEqual([
        '/market/offers/offer-31/cancel',
      ]);
      await expectReadAgain(sent, '/market/offers/made/u1');
    });

    it('says when the user has made none', async () => {
      signIn();
      serveOffers({ 'GET /market/offers/made/u1': list([]) });
      openPage();
      expect(await screen.findByText('You have not made any offers yet.')).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Your offers' })).not.toBeInTheDocument();
    });
  });
});

describe('/no-offer', () => {
  it("says 'No offers right now' under a 404-style graphic", () => {
    renderPage(<NoOfferPage />, { path: '/no-offer' });
    expect(screen.getByRole('heading', { name: 'No offers right now' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Nothing here yet' }).tagName).toBe('svg');
    expect(screen.getByRole('navigation', { name: 'Marketplace' })).toBeInTheDocument();
  });
});
