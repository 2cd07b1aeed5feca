import { MESSAGES, PAYMENT_ITEM_STORAGE_KEY } from '@hypertek/shared';
import { recordToasts, signIn } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItem } from '../../test/fixtures';
import { serveItemApi } from '../../test/item-api';
import { renderPage } from '../../test/render';
import BuyNfaPage from './buy-nfa-page';

const toasts = recordToasts();
const item = { ...makeItem('nfa', 18), price: 1800, description: 'Forged in the overlord realm.' };
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

  it("has the tabs Overview and 'Offer 0' (to /offer-recieved), and 'Make Offer' to /payment", () => {
    open();
    const tabs = within(screen.getByRole('navigation', { name: 'Item' }));
    expect(tabs.getByText('Overview')).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('link', { name: 'Offer 0' })).toHaveAttribute('href', '/offer-recieved');
    expect(screen.getByRole('link', { name: 'Make Offer' })).toHaveAttribute('href', '/payment');
    expect(screen.getByRole('button', { name: 'Buy With Card' })).toBeInTheDocument();
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
