import { MARKET_MESSAGES, MESSAGES } from '@hypertek/shared';
import {
  makeUser,
  recordToasts,
  serveApi,
  signIn,
  type Routes,
  type SentRequest,
} from '@hypertek/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItem } from '../../test/fixtures';
import { list } from '../../test/http';
import { renderPage } from '../../test/render';
import { InstantSellTile } from './instant-sell-tile';
import { SELL_DIALOG_DELAY_MS } from '../../data/constants';

const toasts = recordToasts();
const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
const dialog = () => screen.getByRole('dialog');
const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

/** Pretends the window is small (max-width 767px matches) or wide, and says so to listeners. */
let small = false;
const listeners = new Set<() => void>();
function screenIsSmall(isSmall: boolean) {
  small = isSmall;
  listeners.forEach((listener) => listener());
}
const matchMedia = (query: string) => ({
  get matches() {
    return small && query.includes('max-width');
  },
  media: query,
  addEventListener: (_: string, listener: () => void) => listeners.add(listener),
  removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
});

beforeEach(() => {
  jest.useFakeTimers();
  small = false;
  window.matchMedia = matchMedia as unknown as typeof window.matchMedia;
});
afterEach(() => {
  jest.useRealTimers();
  delete (window as Partial<Window>).matchMedia;
  delete (window as { ethereum?: unknown }).ethereum;
});

// Ada owns three NFAs; the second is listed already.
const relic3 = { ...makeItem('nfa', 3), listed: false };
const relic5 = { ...makeItem('nfa', 5), listed: true, price: 520 };
const relic7 = { ...makeItem('nfa', 7), listed: false };
const OWN = [relic3, relic5, relic7];

const listing = (body: unknown) => ({
  status: 201,
  data: {
    success: true,
    message: MARKET_MESSAGES.listed,
    listing: { _id: 'l1', ...(body as object) },
  },
});

/** The API of a seller: their collection, and listing answered as the API does. */
const serveSeller = (routes: Routes = {}) =>
  serveApi({
    'GET /collection/u1': list(OWN),
    'POST /market/listings': (request) => listing(request.body),
    ...routes,
  });

const posts = (sent: SentRequest[]) =>
  sent.filter(({ method }) => method === 'POST').map(({ url, body }) => ({ url, body }));

const open = (kind: 'nfa' | 'land' = 'nfa') =>
  renderPage(<InstantSellTile kind={kind} />, { path: kind === 'nfa' ? '/nfa-expand' : '/land' });

/** Opens the tile's dialog and waits for the seller's items. */
async function openSellDialog() {
  await user().click(screen.getByRole('button', { name: 'Sell Now' }));
  return within(await screen.findByRole('dialog', { name: 'Select item to sell' }));
}

/** Opens the tile, its dialog, and sells the first item offered at its price (Sell Now). */
async function sellFirstItem() {
  open();
  const select = await openSellDialog();
  await select.findByRole('combobox', { name: 'Item' });
  await user().click(select.getByRole('button', { name: 'Sell Now' }));
  return select;
}

/** A wallet account whose browser has its wallet: the wallet signs what it is asked to. */
function walletSeller(sign: () => Promise<unknown> = () => Promise.resolve('0xsigned')) {
  const address = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
  signIn(makeUser({ WalletAddress: address, Password: false }));
  const request = jest.fn(async ({ method }: { method: string }) =>
    method === 'personal_sign' ? sign() : null,
  );
  (window as { ethereum?: unknown }).ethereum = { request };
  return { address, request };
}

describe('Instant Sell tile and the sell flow', () => {
  it("shows 'Instant Sell', a price and 'Sell Now'", () => {
    open();
    expect(screen.getByRole('heading', { name: 'Instant Sell' })).toBeInTheDocument();
    expect(screen.getByText('$1800 USDT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell Now' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in, with a link to /signin, and reads nothing', async () => {
    const sent = serveSeller();
    open();
    const select = await openSellDialog();
    expect(select.getByText(MESSAGES.loginFirst)).toBeInTheDocument();
    expect(select.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(select.queryByRole('button', { name: 'Sell Now' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("offers the seller's own NFAs (listed ones shown, not chosen), the first one's price, the fees and terms", async () => {
    signIn();
    const sent = serveSeller();
    open();
    const select = await openSellDialog();
    const item = await select.findByRole('combobox', { name: 'Item' });
    expect(sent[0]?.url).toBe('/collection/u1?kind=nfa&limit=100');
    const options = within(item).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Neon Relic 3 #NFA-3',
      'Neon Relic 5 #NFA-5 (listed at $520 USDT)',
      'Neon Relic 7 #NFA-7',
    ]);
    expect(options[1]).toBeDisabled();
    expect(item).toHaveValue('nfa-3');
    expect(select.getByRole('img', { name: 'Neon Relic 3' })).toBeInTheDocument();
    expect(select.getByLabelText('Price')).toHaveValue(300);
    expect(select.getByLabelText('Expired In')).toHaveDisplayValue('6 Months');
    expect(select.getByText('Price', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '$300 USDT',
    );
    expect(select.getByText('Platform Fee').nextElementSibling).toHaveTextContent('$0.5 USDT');
    expect(select.getByText('Total Fee').nextElementSibling).toHaveTextContent('$300.50 USDT');
    expect(select.getByText(/change their price on your/)).toBeInTheDocument();
    expect(select.getByRole('link', { name: 'Listing tab' })).toHaveAttribute('href', '/List');
    expect(select.getByText(/you agree to the Hyper Tek/)).toBeInTheDocument();
    expect(select.getByRole('button', { name: 'Sell Now' })).toHaveFocus();
  });

  it('follows the chosen item and the typed price in the fees', async () => {
    signIn();
    serveSeller();
    open();
    const select = await openSellDialog();
    await user().selectOptions(await select.findByRole('combobox', { name: 'Item' }), 'nfa-7');
    const price = select.getByLabelText('Price');
    expect(price).toHaveValue(700);
    await user().clear(price);
    await user().type(price, '1800');
    expect(select.getByText('Total Fee').nextElementSibling).toHaveTextContent('$1,800.50 USDT');
  });

  it.each([
    ['', MARKET_MESSAGES.priceRequired],
    ['0', MARKET_MESSAGES.priceInvalid],
    ['12.345', MARKET_MESSAGES.priceDecimals],
    ['2000000', MARKET_MESSAGES.priceTooHigh],
  ])("refuses the price '%s' beside the field, and lists nothing", async (typed, message) => {
    signIn();
    const sent = serveSeller();
    open();
    const select = await openSellDialog();
    const price = await select.findByLabelText('Price');
    await user().clear(price);
    if (typed) await user().type(price, typed);
    await user().click(select.getByRole('button', { name: 'Sell Now' }));
    expect(select.getByRole('alert')).toHaveTextContent(message);
    expect(price).toHaveAccessibleDescription(message);
    expect(select.getByText('Total Fee').nextElementSibling).toHaveTextContent('--- USDT');
    expect(posts(sent)).toEqual([]);
    expect(dialog()).toHaveAccessibleName('Select item to sell');
  });

  it('says so when the seller owns none, with a way to browse (lands on /land)', async () => {
    signIn();
    const sent = serveApi({ 'GET /collection/u1': list([]) });
    open('land');
    const select = await openSellDialog();
    expect(await select.findByText('You have no lands to sell yet.')).toBeInTheDocument();
    expect(select.getByRole('link', { name: 'Browse lands' })).toHaveAttribute('href', '/land');
    expect(select.queryByRole('button', { name: 'Sell Now' })).not.toBeInTheDocument();
    expect(sent[0]?.url).toBe('/collection/u1?kind=land&limit=100');
  });

  it('sends to the Listing tab a seller whose items are all listed already', async () => {
    signIn();
    serveApi({ 'GET /collection/u1': list([relic5]) });
    open();
    const select = await openSellDialog();
    expect(await select.findByText(/Every one of your NFAs is listed/)).toBeInTheDocument();
    expect(select.getByRole('link', { name: 'Listing tab' })).toHaveAttribute('href', '/List');
    expect(select.getByLabelText('Price')).toBeDisabled();
    expect(select.queryByRole('button', { name: 'Sell Now' })).not.toBeInTheDocument();
  });

  it('says when the items cannot be read, and reads them again on Try again', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    let calls = 0;
    serveApi({
      'GET /collection/u1': () => (++calls === 1 ? { status: 503, data: {} } : list(OWN)),
    });
    open();
    const select = await openSellDialog();
    expect(await select.findByRole('alert')).toHaveTextContent(
      'Your items could not be loaded right now.',
    );
    await user().click(select.getByRole('button', { name: 'Try again' }));
    expect(await select.findByRole('combobox', { name: 'Item' })).toBeInTheDocument();
    errors.mockRestore();
  });

  it("lists at once for an account without a wallet: the exact body, 'Your item is listed', the lists read again", async () => {
    signIn();
    const sent = serveSeller();
    open();
    const select = await openSellDialog();
    await user().selectOptions(await select.findByRole('combobox', { name: 'Item' }), 'nfa-7');
    const price = select.getByLabelText('Price');
    await user().clear(price);
    await user().type(price, '1750.5');
    await user().selectOptions(select.getByLabelText('Expired In'), '12 Months');
    // The listing may be answered before the click's own wait ends: all of it inside act.
    await act(() => user().click(select.getByRole('button', { name: 'Sell Now' })));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(sent)).toEqual([
      {
        url: '/market/listings',
        body: { itemId: 'nfa-7', price: 1750.5, expiresIn: '12 Months' },
      },
    ]);
    expect(toasts).toEqual([{ kind: 'success', message: MARKET_MESSAGES.listed }]);
    // The seller's items are read again (the collection shares them with the profile).
    const urls = sent.map(({ method, url }) => `${method} ${url}`);
    expect(urls.slice(urls.indexOf('POST /market/listings'))).toContain(
      'GET /collection/u1?kind=nfa&limit=100',
    );
    // No wallet step opens later.
    await wait(SELL_DIALOG_DELAY_MS * 3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    signIn();
    const reason = 'This item is already listed: change its price instead';
    serveSeller({
      'POST /market/listings': { status: 409, data: { success: false, message: reason } },
    });
    const select = await sellFirstItem();
    expect(await select.findByRole('alert')).toHaveTextContent(reason);
    expect(dialog()).toHaveAccessibleName('Select item to sell');
    expect(toasts).toEqual([]);
  });

  it('a wallet account goes through the wallet dialogs, 100 ms apart, and its wallet signs the listing on Connect', async () => {
    const { address, request } = walletSeller();
    const sent = serveSeller({
      'POST /market/listings/message': { data: { success: true, message: 'List Neon Relic 3' } },
    });
    await sellFirstItem();

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await wait(SELL_DIALOG_DELAY_MS - 1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await wait(1);
    const wallet = within(screen.getByRole('dialog', { name: 'Connect Wallet' }));
    const browserWallet = wallet.getByRole('button', { name: /Browser Wallet/ });
    expect(browserWallet).toHaveFocus();
    expect(posts(sent)).toEqual([]);

    await user().click(browserWallet);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await wait(SELL_DIALOG_DELAY_MS);
    const connect = within(screen.getByRole('dialog', { name: 'Connect Wallet' }));
    expect(
      connect.getByText('Connect your browser wallet to sell Neon Relic 3.'),
    ).toBeInTheDocument();
    await user().click(connect.getByRole('button', { name: 'Connect' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const terms = { itemId: 'nfa-3', price: 300, expiresIn: '6 Months' };
    expect(posts(sent)).toEqual([
      { url: '/market/listings/message', body: terms },
      {
        url: '/market/listings',
        body: { ...terms, message: 'List Neon Relic 3', signature: '0xsigned' },
      },
    ]);
    expect(request).toHaveBeenCalledWith({
      method: 'personal_sign',
      params: [expect.stringMatching(/^0x[0-9a-f]+$/), address],
    });
    expect(toasts).toEqual([{ kind: 'success', message: MARKET_MESSAGES.listed }]);
  });

  it("says 'Signature cancelled.' in the last dialog when the seller refuses in the wallet; nothing is listed", async () => {
    walletSeller(() => Promise.reject(Object.assign(new Error('User rejected'), { code: 4001 })));
    const sent = serveSeller({
      'POST /market/listings/message': { data: { success: true, message: 'List Neon Relic 3' } },
    });
    await sellFirstItem();
    await wait(SELL_DIALOG_DELAY_MS);
    await user().click(within(dialog()).getByRole('button', { name: /Browser Wallet/ }));
    await wait(SELL_DIALOG_DELAY_MS);
    await user().click(within(dialog()).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      MESSAGES.signatureCancelled,
    );
    expect(posts(sent).map(({ url }) => url)).toEqual(['/market/listings/message']);
    expect(toasts).toEqual([]);
  });

  it.each([
    ['Cancel', async () => user().click(within(dialog()).getByRole('button', { name: 'Cancel' }))],
    ['×', async () => user().click(within(dialog()).getByRole('button', { name: 'Close dialog' }))],
    ['Escape', async () => user().keyboard('{Escape}')],
  ])('%s closes the flow at any step, and nothing opens later', async (_, close) => {
    walletSeller();
    serveSeller();
    open();
    await openSellDialog();
    await close();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const select = await openSellDialog();
    await select.findByRole('combobox', { name: 'Item' });
    await user().click(select.getByRole('button', { name: 'Sell Now' }));
    await wait(SELL_DIALOG_DELAY_MS);
    expect(dialog()).toHaveAccessibleName('Connect Wallet');
    await close();
    await wait(SELL_DIALOG_DELAY_MS * 5);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell Now' })).toHaveFocus();
  });

  it('closes on a click on the backdrop, not on one inside the dialog', async () => {
    open();
    await openSellDialog();
    fireEvent.mouseDown(within(dialog()).getByText(MESSAGES.loginFirst));
    expect(dialog()).toBeInTheDocument();
    fireEvent.mouseDown(dialog().parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    signIn();
    serveSeller();
    open();
    const select = await openSellDialog();
    await select.findByRole('combobox', { name: 'Item' });
    await waitFor(() => expect(select.getByRole('button', { name: 'Sell Now' })).toHaveFocus());
    await user().tab();
    expect(select.getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await user().tab({ shift: true });
    expect(select.getByRole('button', { name: 'Sell Now' })).toHaveFocus();
  });

  it("on small screens 'Sell Now' and the wallet option link straight to /wallet-connect", async () => {
    screenIsSmall(true);
    signIn();
    const sent = serveSeller();
    open();
    const select = await openSellDialog();
    const sellNow = await select.findByRole('link', { name: 'Sell Now' });
    expect(sellNow).toHaveAttribute('href', '/wallet-connect');
    await user().click(sellNow);
    expect(screen.getByRole('heading', { name: 'Landed on /wallet-connect' })).toBeInTheDocument();
    expect(posts(sent)).toEqual([]);
  });

  it('follows the screen: the wallet option becomes a link to /wallet-connect when the window narrows', async () => {
    walletSeller();
    serveSeller();
    await sellFirstItem();
    await wait(SELL_DIALOG_DELAY_MS);
    expect(within(dialog()).getByRole('button', { name: /Browser Wallet/ })).toBeInTheDocument();

    act(() => screenIsSmall(true));
    expect(within(dialog()).getByRole('link', { name: /Browser Wallet/ })).toHaveAttribute(
      'href',
      '/wallet-connect',
    );
  });
});
