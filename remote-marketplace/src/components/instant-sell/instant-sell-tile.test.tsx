import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderPage } from '../../test/render';
import { InstantSellTile } from './instant-sell-tile';
import { SELL_DIALOG_DELAY_MS } from '../../data/constants';

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
});

const open = () => renderPage(<InstantSellTile />, { path: '/nfa-expand' });

describe('Instant Sell tile and the sell flow', () => {
  it("shows 'Instant Sell', a price and 'Sell Now'", () => {
    open();
    expect(screen.getByRole('heading', { name: 'Instant Sell' })).toBeInTheDocument();
    expect(screen.getByText('$1800 USDT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell Now' })).toBeInTheDocument();
  });

  it("opens 'Select item to sell' with the sample item, its fee, total and terms; focus moves in", async () => {
    open();
    await user().click(screen.getByRole('button', { name: 'Sell Now' }));
    const select = within(screen.getByRole('dialog', { name: 'Select item to sell' }));
    expect(select.getByText('Monkey Ape')).toBeInTheDocument();
    expect(select.getByText('Platform Fee').nextElementSibling).toHaveTextContent('$0.5 USDT');
    expect(select.getByText('Total Fee').nextElementSibling).toHaveTextContent(/^\$1800\.5$/);
    expect(select.getAllByText('$1800 USDT').length).toBeGreaterThan(0);
    expect(select.getByText(/you agree to the Hyper Tek/)).toBeInTheDocument();
    expect(select.getByRole('button', { name: 'Sell Now' })).toHaveFocus();
  });

  it('chains the dialogs 100 ms apart: select → Connect Wallet → Connect Wallet with Connect', async () => {
    open();
    await user().click(screen.getByRole('button', { name: 'Sell Now' }));
    await user().click(within(dialog()).getByRole('button', { name: 'Sell Now' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await wait(SELL_DIALOG_DELAY_MS - 1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await wait(1);
    const wallet = within(screen.getByRole('dialog', { name: 'Connect Wallet' }));
    const browserWallet = wallet.getByRole('button', { name: /Browser Wallet/ });
    expect(browserWallet).toHaveFocus();

    await user().click(browserWallet);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await wait(SELL_DIALOG_DELAY_MS);
    const connect = within(screen.getByRole('dialog', { name: 'Connect Wallet' }));
    expect(connect.getByRole('button', { name: 'Connect' })).toBeInTheDocument();

    await user().click(connect.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['Cancel', async () => user().click(within(dialog()).getByRole('button', { name: 'Cancel' }))],
    ['×', async () => user().click(within(dialog()).getByRole('button', { name: 'Close dialog' }))],
    ['Escape', async () => user().keyboard('{Escape}')],
  ])('%s closes the flow at any step, and nothing opens later', async (_, close) => {
    open();
    await user().click(screen.getByRole('button', { name: 'Sell Now' }));
    await close();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: 'Sell Now' }));
    await user().click(within(dialog()).getByRole('button', { name: 'Sell Now' }));
    await wait(SELL_DIALOG_DELAY_MS);
    expect(dialog()).toHaveAccessibleName('Connect Wallet');
    await close();
    await wait(SELL_DIALOG_DELAY_MS * 5);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell Now' })).toHaveFocus();
  });

  it('closes on a click on the backdrop, not on one inside the dialog', async () => {
    open();
    await user().click(screen.getByRole('button', { name: 'Sell Now' }));
    fireEvent.mouseDown(within(dialog()).getByText('Monkey Ape'));
    expect(dialog()).toBeInTheDocument();
    fireEvent.mouseDown(dialog().parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    open();
    await user().click(screen.getByRole('button', { name: 'Sell Now' }));
    const inside = within(dialog());
    expect(inside.getByRole('button', { name: 'Sell Now' })).toHaveFocus();
    await user().tab();
    expect(inside.getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await user().tab({ shift: true });
    expect(inside.getByRole('button', { name: 'Sell Now' })).toHaveFocus();
  });

  it("on small screens 'Sell Now' and the wallet option link straight to /wallet-connect", async () => {
    screenIsSmall(true);
    open();
    await user().click(screen.getByRole('button', { name: 'Sell Now' }));
    const sellNow = within(dialog()).getByRole('link', { name: 'Sell Now' });
    expect(sellNow).toHaveAttribute('href', '/wallet-connect');
    await user().click(sellNow);
    expect(screen.getByRole('heading', { name: 'Landed on /wallet-connect' })).toBeInTheDocument();
  });

  it('follows the screen: the wallet option becomes a link to /wallet-connect when the window narrows', async () => {
    open();
    await user().click(screen.getByRole('button', { name: 'Sell Now' }));
    await user().click(within(dialog()).getByRole('button', { name: 'Sell Now' }));
    await wait(SELL_DIALOG_DELAY_MS);
    expect(within(dialog()).getByRole('button', { name: /Browser Wallet/ })).toBeInTheDocument();

    act(() => screenIsSmall(true));
    expect(within(dialog()).getByRole('link', { name: /Browser Wallet/ })).toHaveAttribute(
      'href',
      '/wallet-connect',
    );
  });
});
