import { serveApi } from '@hypertek/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeItems } from '../../test/catalogue';
import { renderAt } from '../../test/render';
import { signInAs } from '../../test/session';
import ProfilePage from './profile-page';

/** The profile with four owned items; 'List Now' pressed on 'Item 2' (price 200). */
async function openChain() {
  const sent = serveApi({
    'GET /collection/*': { data: { success: true, data: makeItems(4) } },
  });
  signInAs();
  renderAt('/Profile', { '/Profile': <ProfilePage /> });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'List Now: Item 2' }));
  return { user, sent };
}

const dialog = (name: string) => within(screen.getByRole('dialog', { name }));

describe("the profile's buy chain", () => {
  it("opens 'Buy Assets' with the list price, the 0.5 USDT fee and the total", async () => {
    await openChain();
    const buy = dialog('Buy Assets');
    expect(buy.getByText('List price').nextSibling).toHaveTextContent('$200 USDT');
    expect(buy.getByText('Platform Fee').nextSibling).toHaveTextContent('$0.5 USDT');
    expect(buy.getByText('Total Fee').nextSibling).toHaveTextContent('$200.50 USDT');
  });

  it('goes Buy Assets → List Price → Connect Wallet → Connect/Cancel, calling nothing', async () => {
    const { user, sent } = await openChain();
    await user.click(dialog('Buy Assets').getByRole('button', { name: 'Buy Now' }));

    const confirm = dialog('Confirm purchase');
    expect(confirm.getByText('List Price').nextSibling).toHaveTextContent('$200.50 USDT');
    await user.click(confirm.getByRole('button', { name: 'Confirm' }));

    await user.click(dialog('Connect Wallet').getByRole('button', { name: /MetaMask/ }));
    const connect = dialog('Connect Wallet');
    expect(connect.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(connect.getByRole('button', { name: 'Connect' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.map((r) => r.path)).toEqual(['/collection/65f0c0ffee0000000000abcd']);
  });

  it('steps back with Close and Cancel, and closes with Escape', async () => {
    const { user } = await openChain();
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Buy Assets' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('button', { name: /MetaMask/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: /MetaMask/ })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
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
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByRole('dialog', { name: 'Confirm purchase' })).toContainElement(
      document.activeElement as HTMLElement,
    );
  });
});
