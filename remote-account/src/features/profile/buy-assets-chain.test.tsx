import { MARKET_MESSAGES, type CatalogueItem, type User } from '@hypertek/shared';
import { calls, deferred, recordToasts, serveApi, type Routes } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItems } from '../../test/catalogue';
import { balanceRoute, makeListing } from '../../test/market';
import { renderAt } from '../../test/render';
import { makeUser, signInAs } from '../../test/session';
import { LISTING_GONE } from './lib/listing-actions';
import ProfilePage from './profile-page';

const toasts = recordToasts();

/** A wallet account's address, as the API keeps it (lower case). */
const ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';
const SIGNATURE = `0x${'cd'.repeat(65)}`;
/** The text the API asks a wallet account to sign for a listing. */
const LISTING_TEXT = 'Hyper Tek listing\nItem: nfa-2\nPrice: 250';

/** The listing the API answers once it is made. */
const listed = (price: number) => ({
  success: true,
  message: 'Listed',
  listing: makeListing(2, { price }),
});

type WalletCall = { method: string; params?: readonly unknown[] };

/** A browser wallet at window.ethereum; `personal_sign` answers as `sign` says. */
function installWallet(sign: () => Promise<unknown> = () => Promise.resolve(SIGNATURE)) {
  const received: WalletCall[] = [];
  Object.assign(window, {
    ethereum: {
      request: (call: WalletCall) => {
        received.push(call);
        return call.method === 'personal_sign' ? sign() : Promise.resolve(null);
      },
    },
  });
  return received;
}

afterEach(() => Reflect.deleteProperty(window, 'ethereum'));

/**
 * The profile with four owned items (`items`), 'List Now' pressed on 'Item 2' (price 200), as
 * `user`; `routes` add to the collection's and the balance's.
 */
async function openChain({
  routes = {},
  user: account = makeUser(),
  items = makeItems(4),
}: { routes?: Routes; user?: User; items?: CatalogueItem[] } = {}) {
  const sent = serveApi({
    'GET /collection/*': { data: { success: true, data: items } },
    ...balanceRoute(),
    ...routes,
  });
  signInAs(account);
  renderAt('/Profile', { '/Profile': <ProfilePage /> });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'List Now: Item 2' }));
  return { user, sent };
}

const dialog = (name: string) => within(screen.getByRole('dialog', { name }));
const amountOf = (label: string) => dialog('Buy Assets').getByText(label).nextSibling;
/** Waits until the dialog's alert (its last: the field's comes first) says `text`. */
const alertSays = (name: string, text: string) =>
  waitFor(() => expect(dialog(name).getAllByRole('alert').at(-1)).toHaveTextContent(text));
/** The market calls sent, without the profile's reads. */
const marketCalls = (sent: Parameters<typeof calls>[0]) =>
  calls(sent).filter(({ url }) => url.startsWith('/market/') && !url.startsWith('/market/balance'));

describe("the profile's listing chain ('List Now')", () => {
  it("opens 'Buy Assets' with the price to list at, 'Expired In' and the fee lines", async () => {
    await openChain();
    const buy = dialog('Buy Assets');
    expect(buy.getByLabelText('Price')).toHaveValue('200');
    expect(buy.getByLabelText('Price')).toHaveFocus();
    const expiry = buy.getByLabelText('Expired In');
    expect(expiry).toHaveValue('6 Months');
    expect(
      within(expiry)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['6 Hours', '12 Hours', '6 Months', '12 Months', '1 Year']);
    expect(amountOf('List price')).toHaveTextContent('$200 USDT');
    expect(amountOf('Platform Fee')).toHaveTextContent('$0.5 USDT');
    expect(amountOf('Total Fee')).toHaveTextContent('$200.50 USDT');
  });

  it('follows the typed price in List price and Total Fee', async () => {
    const { user } = await openChain();
    const price = dialog('Buy Assets').getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '1234.5');
    expect(amountOf('List price')).toHaveTextContent('$1,234.50 USDT');
    expect(amountOf('Total Fee')).toHaveTextContent('$1,235 USDT');
  });

  it.each([
    ['', MARKET_MESSAGES.priceRequired],
    ['abc', MARKET_MESSAGES.priceInvalid],
    ['0', MARKET_MESSAGES.priceInvalid],
    ['-5', MARKET_MESSAGES.priceInvalid],
    ['1000001', MARKET_MESSAGES.priceTooHigh],
    ['12.345', MARKET_MESSAGES.priceDecimals],
  ])(
    'says why %p is not a price, beside the field, and goes no further',
    async (typed, message) => {
      const { user, sent } = await openChain();
      const buy = dialog('Buy Assets');
      const price = buy.getByLabelText('Price');
      await user.clear(price);
      if (typed) await user.type(price, typed);

      expect(price).toHaveAttribute('aria-invalid', 'true');
      expect(price).toHaveAccessibleDescription(message);
      expect(buy.getAllByRole('alert')[0]).toHaveTextContent(message);
      expect(amountOf('List price')).toHaveTextContent('—');
      expect(amountOf('Total Fee')).toHaveTextContent('—');

      await user.click(buy.getByRole('button', { name: 'List Now' }));
      expect(screen.getByRole('dialog', { name: 'Buy Assets' })).toBeInTheDocument();
      expect(price).toHaveFocus();
      expect(marketCalls(sent)).toEqual([]);
    },
  );

  it('lists at once for an account without a wallet: the exact body, a toast, fresh cards', async () => {
    const { user, sent } = await openChain({
      routes: { 'POST /market/listings': { status: 201, data: listed(250) } },
    });
    const price = dialog('Buy Assets').getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '250');
    await user.selectOptions(dialog('Buy Assets').getByLabelText('Expired In'), '12 Months');
    await user.click(dialog('Buy Assets').getByRole('button', { name: 'List Now' }));

    const confirm = dialog('Confirm listing');
    expect(confirm.getByText('List Price').nextSibling).toHaveTextContent('$250.50 USDT');
    await user.click(confirm.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marketCalls(sent)).toEqual([
      {
        method: 'POST',
        url: '/market/listings',
        body: { itemId: 'nfa-2', price: 250, expiresIn: '12 Months' },
      },
    ]);
    expect(toasts).toEqual([{ kind: 'success', message: 'Your item is listed' }]);
    // The cards are read again (the item now wears 'Listed').
    await waitFor(() =>
      expect(sent.filter(({ path }) => path.startsWith('/collection/'))).toHaveLength(2),
    );
    expect(screen.getByRole('button', { name: 'List Now: Item 2' })).toHaveFocus();
  });

  it('never asks a wallet for an account without one, even when the browser has a wallet', async () => {
    const wallet = installWallet();
    const { user, sent } = await openChain({
      routes: { 'POST /market/listings': { status: 201, data: listed(200) } },
    });
    await user.click(dialog('Buy Assets').getByRole('button', { name: 'List Now' }));
    await user.click(dialog('Confirm listing').getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(wallet).toEqual([]);
    expect(marketCalls(sent)).toEqual([
      {
        method: 'POST',
        url: '/market/listings',
        body: { itemId: 'nfa-2', price: 200, expiresIn: '6 Months' },
      },
    ]);
  });

  it('has a wallet account sign its listing: Connect Wallet → MetaMask → Connect', async () => {
    const wallet = installWallet();
    const { user, sent } = await openChain({
      user: makeUser({ WalletAddress: ADDRESS, Password: false, Email: '' }),
      routes: {
        'POST /market/listings/message': { data: { success: true, message: LISTING_TEXT } },
        'POST /market/listings': { status: 201, data: listed(250) },
      },
    });
    const price = dialog('Buy Assets').getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '250');
    await user.click(dialog('Buy Assets').getByRole('button', { name: 'List Now' }));
    await user.click(dialog('Confirm listing').getByRole('button', { name: 'Confirm' }));

    // Nothing is sent before the wallet steps.
    expect(marketCalls(sent)).toEqual([]);
    await user.click(dialog('Connect Wallet').getByRole('button', { name: /MetaMask/ }));
    await user.click(dialog('Connect Wallet').getByRole('button', { name: 'Connect' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = { itemId: 'nfa-2', price: 250, expiresIn: '6 Months' };
    expect(marketCalls(sent)).toEqual([
      { method: 'POST', url: '/market/listings/message', body },
      {
        method: 'POST',
        url: '/market/listings',
        body: { ...body, message: LISTING_TEXT, signature: SIGNATURE },
      },
    ]);
    const hex = `0x${Buffer.from(LISTING_TEXT, 'utf8').toString('hex')}`;
    expect(wallet).toEqual([{ method: 'personal_sign', params: [hex, ADDRESS] }]);
    expect(toasts).toEqual([{ kind: 'success', message: 'Your item is listed' }]);
  });

  it("says 'Signature cancelled.' when the wallet refuses, and lists nothing", async () => {
    installWallet(() => Promise.reject(Object.assign(new Error('User denied'), { code: 4001 })));
    const { user, sent } = await openChain({
      user: makeUser({ WalletAddress: ADDRESS }),
      routes: {
        'POST /market/listings/message': { data: { success: true, message: LISTING_TEXT } },
        'POST /market/listings': { status: 201, data: listed(200) },
      },
    });
    await user.click(dialog('Buy Assets').getByRole('button', { name: 'List Now' }));
    await user.click(dialog('Confirm listing').getByRole('button', { name: 'Confirm' }));
    await user.click(dialog('Connect Wallet').getByRole('button', { name: /MetaMask/ }));
    await user.click(dialog('Connect Wallet').getByRole('button', { name: 'Connect' }));

    await alertSays('Connect Wallet', 'Signature cancelled.');
    expect(dialog('Connect Wallet').getByRole('button', { name: 'Connect' })).toBeEnabled();
    expect(marketCalls(sent).map(({ url }) => url)).toEqual(['/market/listings/message']);
    expect(toasts).toEqual([{ kind: 'error', message: 'Signature cancelled.' }]);
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    const answer = deferred();
    const { user } = await openChain({ routes: { 'POST /market/listings': answer.route } });
    await user.click(dialog('Buy Assets').getByRole('button', { name: 'List Now' }));
    await user.click(dialog('Confirm listing').getByRole('button', { name: 'Confirm' }));

    // While the call is on its way, Confirm cannot be pressed again.
    expect(dialog('Confirm listing').getByRole('button', { name: 'Listing…' })).toBeDisabled();
    answer.resolve({
      status: 409,
      data: { success: false, message: 'This item has an offer being paid' },
    });

    await alertSays('Confirm listing', 'This item has an offer being paid');
    expect(dialog('Confirm listing').getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(toasts).toEqual([{ kind: 'error', message: 'This item has an offer being paid' }]);
  });

  it("gives a listed item a new price: 'Listed' on its card, its listing found, PATCHed", async () => {
    const items = makeItems(4).map((item) =>
      item._id === 'nfa-2' ? { ...item, listed: true, price: 260 } : item,
    );
    installWallet();
    const { user, sent } = await openChain({
      items,
      // A wallet account: a new price needs no signature, so no wallet step either.
      user: makeUser({ _id: 'u-9', WalletAddress: ADDRESS }),
      routes: {
        'GET /market/listings/user/u-9': {
          data: {
            success: true,
            data: [makeListing(3), makeListing(2, { _id: 'listing-of-2', price: 260 })],
            nextCursor: null,
          },
        },
        'PATCH /market/listings/listing-of-2': { data: listed(300) },
      },
    });
    const card = (title: string) =>
      within(screen.getByRole('heading', { level: 3, name: title }).closest('li')!);
    expect(card('Item 2').getByText('Listed')).toBeInTheDocument();
    expect(card('Item 2').getByText('$260')).toBeInTheDocument();
    expect(card('Item 1').queryByText('Listed')).not.toBeInTheDocument();

    const buy = dialog('Buy Assets');
    expect(buy.getByLabelText('Price')).toHaveValue('260');
    expect(buy.queryByLabelText('Expired In')).not.toBeInTheDocument();
    await user.clear(buy.getByLabelText('Price'));
    await user.type(buy.getByLabelText('Price'), '300');
    await user.click(buy.getByRole('button', { name: 'Change Price' }));

    const confirm = dialog('Confirm new price');
    expect(confirm.getByText('List Price').nextSibling).toHaveTextContent('$300.50 USDT');
    await user.click(confirm.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marketCalls(sent)).toEqual([
      { method: 'GET', url: '/market/listings/user/u-9?status=active', body: undefined },
      { method: 'PATCH', url: '/market/listings/listing-of-2', body: { price: 300 } },
    ]);
    expect(toasts).toEqual([{ kind: 'success', message: MARKET_MESSAGES.repriced }]);
  });

  it('follows the cursor to find the listing, and says so when it is gone', async () => {
    const items = makeItems(4).map((item) => ({ ...item, listed: item._id === 'nfa-2' }));
    const { user, sent } = await openChain({
      items,
      routes: {
        'GET /market/listings/user/*': ({ params }) => ({
          data: params.cursor
            ? { success: true, data: [makeListing(4)], nextCursor: null }
            : { success: true, data: [makeListing(3)], nextCursor: 'page-2' },
        }),
      },
    });
    await user.click(dialog('Buy Assets').getByRole('button', { name: 'Change Price' }));
    await user.click(dialog('Confirm new price').getByRole('button', { name: 'Confirm' }));

    await alertSays('Confirm new price', LISTING_GONE);
    expect(marketCalls(sent).map(({ url }) => url)).toEqual([
      '/market/listings/user/65f0c0ffee0000000000abcd?status=active',
      '/market/listings/user/65f0c0ffee0000000000abcd?status=active&cursor=page-2',
    ]);
  });

  it('steps back with Close and Cancel, and closes with Escape', async () => {
    installWallet();
    const { user, sent } = await openChain({ user: makeUser({ WalletAddress: ADDRESS }) });
    await user.click(screen.getByRole('button', { name: 'List Now' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Buy Assets' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'List Now' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('button', { name: /MetaMask/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: /MetaMask/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Confirm listing' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(marketCalls(sent)).toEqual([]);
  });

  it("closes from 'Buy Assets' with Cancel, focus back on 'List Now'", async () => {
    const { user } = await openChain();
    await user.click(dialog('Buy Assets').getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List Now: Item 2' })).toHaveFocus();
  });

  it('moves focus into the dialog at each step', async () => {
    const { user } = await openChain();
    expect(screen.getByRole('dialog', { name: 'Buy Assets' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    await user.click(screen.getByRole('button', { name: 'List Now' }));
    expect(screen.getByRole('dialog', { name: 'Confirm listing' })).toContainElement(
      document.activeElement as HTMLElement,
    );
  });
});
