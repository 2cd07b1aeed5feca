import { MESSAGES, PAYMENT_ITEM_STORAGE_KEY } from '@hypertek/shared';
import { makeUser, recordToasts, signIn } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeDetailItem, makeItem, makeOffer, withMarket } from '../../test/fixtures';
import { list } from '../../test/http';
import { serveItemApi } from '../../test/item-api';
import { renderPage } from '../../test/render';
import BuyNfaPage from './buy-nfa-page';

const toasts = recordToasts();
// As the detail read answers it: the house owns it and lists it at 1800.
const item = withMarket({
  ...makeItem('nfa', 18),
  price: 1800,
  description: 'Forged in the overlord realm.',
});
// The same item after Nova bought it, listed again by her.
const resold = withMarket(item, { owner: { id: 'u2', name: 'Nova Pilot' } });
const open = (state: unknown = item, url = '/buy-nfa') =>
  renderPage(<BuyNfaPage />, { path: '/buy-nfa', url, state });
const savedItem = (): unknown =>
  JSON.parse(localStorage.getItem(PAYMENT_ITEM_STORAGE_KEY) ?? 'null');
const dialog = () => screen.getByRole('dialog');

/** Buy Now → Buy Assets → Buy Now → the confirmation → Confirm. */
async function confirmPurchase() {
  await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
  await userEvent.click(within(dialog()).getByRole('button', { name: 'Buy Now' }));
  await userEvent.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
}

describe('/buy-nfa', () => {
  // An item with no sales yet, unless a test serves its own answers.
  beforeEach(() => serveItemApi());

  it('shows the item: image, title, serial number, price, Listed, owner and 505 Views', () => {
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Neon Relic 18' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Neon Relic 18' })).toHaveAttribute(
      'src',
      'http://localhost:4000/media/nfa/18.svg',
    );
    expect(screen.getByText('#NFA-18')).toBeInTheDocument();
    expect(screen.getByText('$1,800 USDT')).toBeInTheDocument();
    expect(screen.getByText('Listed')).toBeInTheDocument();
    expect(screen.getByText('Hyper Tek Vault')).toBeInTheDocument();
    expect(screen.getByText('505 Views')).toBeInTheDocument();
    expect(screen.getByText('Forged in the overlord realm.')).toBeInTheDocument();
  });

  it("has the tabs Overview and 'Offer 0' (to /offer-recieved), and 'Make Offer' to /offer", () => {
    open(resold);
    const tabs = within(screen.getByRole('navigation', { name: 'Item' }));
    expect(tabs.getByText('Overview')).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('link', { name: 'Offer 0' })).toHaveAttribute('href', '/offer-recieved');
    expect(screen.getByRole('link', { name: 'Make Offer' })).toHaveAttribute('href', '/offer');
    expect(screen.getByRole('button', { name: 'Buy With Card' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  it("takes no offer on the house's items (it sells at its listed price), but sells them", () => {
    open();
    const makeOffer = screen.getByRole('button', { name: 'Make Offer' });
    expect(makeOffer).toBeDisabled();
    expect(makeOffer).toHaveAccessibleDescription(
      'Hyper Tek Vault sells at its listed price only: no offers',
    );
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).not.toHaveAccessibleDescription();
  });

  it("counts the open offers in the tab: 'Offer 3', still to /offer-recieved", () => {
    open(withMarket(item, { offers: 3 }));
    const tabs = within(screen.getByRole('navigation', { name: 'Item' }));
    expect(tabs.getByRole('link', { name: 'Offer 3' })).toHaveAttribute('href', '/offer-recieved');
  });

  it('names the real owner, with their initials', () => {
    open(withMarket(item, { owner: { id: 'u2', name: 'Nova Pilot' } }));
    expect(screen.getByText('Nova Pilot')).toBeInTheDocument();
    expect(screen.getByText('NP')).toBeInTheDocument();
    expect(screen.queryByText('Hyper Tek Vault')).not.toBeInTheDocument();
  });

  it('names the house when the item says nothing of its owner', () => {
    open(makeDetailItem('nfa', 4, { owner: { id: 'house', name: '' } }));
    expect(screen.getByText('Hyper Tek Vault')).toBeInTheDocument();
  });

  it("says 'Not listed' and keeps both buy buttons disabled, with the reason, when it is not for sale", () => {
    signIn();
    open(withMarket(item, { owner: { id: 'u2', name: 'Nova Pilot' }, listing: null }));
    expect(screen.getByText('Not listed')).toBeInTheDocument();
    expect(screen.queryByText('Listed')).not.toBeInTheDocument();
    for (const name of ['Buy Now', 'Buy With Card']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Not for sale right now');
    }
    // An offer can still be made on it.
    expect(screen.getByRole('link', { name: 'Make Offer' })).toHaveAttribute('href', '/offer');
  });

  it("shows the owner their own item: 'This is yours', no buying, no offer", () => {
    signIn();
    open(withMarket(item, { owner: { id: 'u1', name: 'Ada Lovelace' }, offers: 2 }));
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Listed')).toBeInTheDocument();
    for (const name of ['Buy Now', 'Buy With Card', 'Make Offer']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('This is yours');
    }
    expect(screen.queryByRole('link', { name: 'Make Offer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Offer 2' })).toBeInTheDocument();
  });

  it('lets a signed-out visitor try to buy a listed item (the check asks them to sign in)', () => {
    open(withMarket(item, { owner: { id: 'u1', name: 'Ada Lovelace' } }));
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Make Offer' })).toBeInTheDocument();
  });

  describe('an item reserved by an accepted offer', () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const reserved = withMarket(item, {
      owner: { id: 'u2', name: 'Nova Pilot' },
      listing: null,
      offers: 1,
      reservedUntil: until,
    });

    it("for another buyer: 'Reserved', and buying waits for them", async () => {
      signIn();
      const sent = serveItemApi({ 'GET /market/offers/made/*': list([]) });
      open(reserved);
      expect(screen.getByText('Reserved')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Buy Now' })).toHaveAccessibleDescription(
          'Reserved for another buyer',
        ),
      );
      expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Buy With Card' })).toBeDisabled();
      expect(sent.map(({ url }) => url)).toContain('/market/offers/made/u1');
    });

    it('for a signed-out visitor: another buyer, without asking the server', () => {
      const sent = serveItemApi({});
      open(reserved);
      expect(screen.getByRole('button', { name: 'Buy Now' })).toHaveAccessibleDescription(
        'Reserved for another buyer',
      );
      expect(sent.filter(({ path }) => path.startsWith('/market/'))).toEqual([]);
    });

    it('for the viewer: buying is open, at the accepted offer, and the check decides the price', async () => {
      signIn();
      const accepted = makeOffer(1, item, {
        offer: 1500,
        status: 'Accepted',
        reservedUntil: until,
        fromId: 'u1',
        from: 'Ada Lovelace',
      });
      const sent = serveItemApi({
        'GET /market/offers/made/*': list([accepted]),
        'POST /game/create': {
          data: { success: true, exist: 'no', price: 1500, reservedUntil: until },
        },
      });
      open(reserved);
      const buyNow = screen.getByRole('button', { name: 'Buy Now' });
      await waitFor(() => expect(buyNow).toBeEnabled());
      expect(screen.getByText(/^Reserved for you until/)).toHaveTextContent('$1,500 USDT');
      await userEvent.click(buyNow);
      const assets = within(screen.getByRole('dialog', { name: 'Buy Assets' }));
      expect(assets.getByText('List price').nextElementSibling).toHaveTextContent('$1,500 USDT');
      await userEvent.click(assets.getByRole('button', { name: 'Buy Now' }));
      await userEvent.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
      expect(
        await screen.findByRole('heading', { name: 'Landed on /stripe-payment' }),
      ).toBeInTheDocument();
      expect(JSON.parse(screen.getByTestId('state').textContent)).toEqual({
        ...reserved,
        price: 1500,
      });
      expect(sent.filter(({ method }) => method === 'POST')).toHaveLength(1);
    });
  });

  it("'Make Offer' goes straight to the offer form with the item, saved for it too", async () => {
    signIn(makeUser({ _id: 'u3', id: 'u3' }));
    open(resold);
    await userEvent.click(screen.getByRole('link', { name: 'Make Offer' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /offer' })).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent)).toEqual(resold);
    expect(savedItem()).toEqual(resold);
  });

  it('saves the item under paymentItem, and shows the saved one when there is no state', () => {
    const { unmount } = open();
    expect(savedItem()).toEqual(item);
    unmount();
    open(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Neon Relic 18' })).toBeInTheDocument();
  });

  it('ignores navigation state that is not an item, falling back to the saved one', () => {
    localStorage.setItem(PAYMENT_ITEM_STORAGE_KEY, JSON.stringify(item));
    open({ from: 'somewhere' });
    expect(screen.getByRole('heading', { level: 1, name: 'Neon Relic 18' })).toBeInTheDocument();
  });

  it('shows the empty collection when there is no item at all', () => {
    open(null);
    expect(screen.getByText('No Items')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Collection' })).toHaveAttribute(
      'href',
      '/nfa-expand',
    );
  });

  it("'Buy Now' opens 'Buy Assets' with list price, platform fee and total; Cancel closes it", async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    const assets = within(screen.getByRole('dialog', { name: 'Buy Assets' }));
    expect(assets.getByText('List price').nextElementSibling).toHaveTextContent('$1,800 USDT');
    expect(assets.getByText('Platform Fee').nextElementSibling).toHaveTextContent('$0.5 USDT');
    expect(assets.getByText('Total Fee').nextElementSibling).toHaveTextContent('$1,800.50 USDT');
    expect(assets.getByTestId('card-charge-note')).toHaveTextContent(
      'Paying by card charges the list price only, $1,800 in USD; the platform fee is shown for information and is not charged.',
    );
    await userEvent.click(assets.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("its 'Buy Now' shows 'List Price' = price + 0.5 with Close and Confirm", async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Buy Now' }));
    const confirm = within(dialog());
    expect(confirm.getByText('List Price').nextElementSibling).toHaveTextContent('$1,800.50 USDT');
    expect(confirm.getByTestId('card-charge-note')).toHaveTextContent(
      'Paying by card charges the list price only, $1,800 in USD',
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Confirm checks the purchase and, when not bought yet, goes to /stripe-payment with the item', async () => {
    signIn();
    const sent = serveItemApi({ 'POST /game/create': { data: { success: true, exist: 'no' } } });
    open();
    await confirmPurchase();
    expect(
      await screen.findByRole('heading', { name: 'Landed on /stripe-payment' }),
    ).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent)).toEqual(item);
    expect(sent.filter(({ method }) => method === 'POST')).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/game/create',
        body: { userId: 'u1', productId: 'nfa-18' },
      }),
    ]);
  });

  it('goes on at the price the check answers, which the checkout then charges', async () => {
    signIn();
    serveItemApi({
      'POST /game/create': { data: { success: true, exist: 'no', price: 1750.25 } },
    });
    open();
    await confirmPurchase();
    expect(
      await screen.findByRole('heading', { name: 'Landed on /stripe-payment' }),
    ).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent)).toEqual({
      ...item,
      price: 1750.25,
    });
    expect(savedItem()).toEqual({ ...item, price: 1750.25 });
  });

  it("shows the server's reason when the item cannot be bought now (409)", async () => {
    signIn();
    const reason =
      'Someone is paying for this item right now. Try again in a few minutes. Nothing was charged.';
    serveItemApi({
      'POST /game/create': { status: 409, data: { success: false, message: reason } },
    });
    open();
    await confirmPurchase();
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: reason }]));
    expect(screen.getByRole('heading', { level: 1, name: 'Neon Relic 18' })).toBeInTheDocument();
  });

  it("says 'Sorry you have already purchased it' when it was bought before", async () => {
    signIn();
    serveItemApi({ 'POST /game/create': { data: { success: true, exist: 'yes' } } });
    open();
    await confirmPurchase();
    await waitFor(() =>
      expect(toasts).toEqual([{ kind: 'error', message: MESSAGES.alreadyPurchased }]),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Neon Relic 18' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in, without asking the server to check', async () => {
    const sent = serveItemApi({});
    open();
    await confirmPurchase();
    expect(toasts).toEqual([{ kind: 'error', message: 'User Id is required Please signin' }]);
    expect(sent.filter(({ method }) => method === 'POST')).toHaveLength(0);
  });

  it.each([
    [
      "the server's message",
      { status: 404, data: { success: false, message: 'Product not found' } },
      'Product not found',
    ],
    ["the error's message", { status: 500, data: {} }, 'Request failed with status code 500'],
  ])('on a failed check shows %s', async (_, reply, message) => {
    signIn();
    serveItemApi({ 'POST /game/create': reply });
    open();
    await confirmPurchase();
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message }]));
  });

  it("on a failure that says nothing shows 'Payment failed'", async () => {
    signIn();
    serveItemApi({ 'POST /game/create': () => Promise.reject(new Error('')) });
    open();
    await confirmPurchase();
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'Payment failed' }]));
  });

  it("'Buy With Card' runs the same check and goes to /offer with the item", async () => {
    signIn();
    const sent = serveItemApi({ 'POST /game/create': { data: { success: true, exist: 'no' } } });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Buy With Card' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /offer' })).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('state').textContent)).toEqual(item);
    expect(sent.filter(({ method }) => method === 'POST')).toHaveLength(1);
  });

  it("'Buy With Card' on an item bought before shows the error", async () => {
    signIn();
    serveItemApi({ 'POST /game/create': { data: { success: true, exist: 'yes' } } });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Buy With Card' }));
    await waitFor(() =>
      expect(toasts).toEqual([{ kind: 'error', message: MESSAGES.alreadyPurchased }]),
    );
  });

  it("back with ?session_id= says 'Payment Successful!' once and drops it from the address", async () => {
    open(item, '/buy-nfa?session_id=cs_test_123');
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent(/^\/buy-nfa\?id=nfa-18$/),
    );
    expect(toasts).toEqual([{ kind: 'success', message: 'Payment Successful!' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Neon Relic 18' })).toBeInTheDocument();
  });
});
