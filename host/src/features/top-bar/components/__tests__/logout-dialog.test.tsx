import { bus, session, type ToastRequest } from '@hypertek/shared';
import { signIn } from '@hypertek/shared/testing';
import { screen, within } from '@testing-library/react';

import { renderPage } from '../../../../testing/render';

/** Signed in on the profile page, with the confirm dialog open. */
async function openDialog() {
  signIn();
  const rendered = await renderPage('/profile');
  await rendered.user.click(
    within(screen.getByTestId('top-bar')).getByRole('button', { name: 'Logout' }),
  );
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Confirm Logout' }) };
}

const toasts: ToastRequest[] = [];
let stopListening: () => void;
beforeEach(() => {
  toasts.length = 0;
  stopListening = bus.on('toast:requested', (request) => toasts.push(request));
});
afterEach(() => stopListening());

describe('logout dialog', () => {
  it("asks 'Are you sure you want to log out?' with Cancel and Logout, Cancel focused", async () => {
    const { dialog } = await openDialog();

    expect(dialog).toHaveAccessibleDescription('Are you sure you want to log out?');
    expect(within(dialog).getByRole('heading', { name: 'Confirm Logout' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('Cancel closes it and keeps the session', async () => {
    const { user, dialog, location } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(dialog).not.toBeInTheDocument();
    expect(session.getSnapshot().isLoggedInUser).toBe(true);
    expect(localStorage.getItem('auth')).not.toBeNull();
    expect(location()).toBe('/profile');
    expect(toasts).toEqual([]);
  });

  it('keeps Tab inside, and gives the focus back to the Logout button when it closes', async () => {
    const { user, dialog } = await openDialog();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const logout = within(dialog).getByRole('button', { name: 'Logout' });
    const close = within(dialog).getByRole('button', { name: 'Close dialog' });

    await user.tab();
    expect(logout).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(
      within(screen.getByTestId('top-bar')).getByRole('button', { name: 'Logout' }),
    ).toHaveFocus();
  });

  it('Escape closes it and keeps the session', async () => {
    const { user, dialog } = await openDialog();

    await user.keyboard('{Escape}');

    expect(dialog).not.toBeInTheDocument();
    expect(session.getSnapshot().isLoggedInUser).toBe(true);
  });

  it('a click on the backdrop closes it; a click inside does not', async () => {
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByText('Are you sure you want to log out?'));
    expect(dialog).toBeInTheDocument();

    await user.click(dialog.parentElement!);
    expect(dialog).not.toBeInTheDocument();
    expect(session.getSnapshot().isLoggedInUser).toBe(true);
  });

  it('Logout signs out, removes the saved session, toasts and goes to /signin', async () => {
    const { user, dialog, location } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(dialog).not.toBeInTheDocument();
    expect(session.getSnapshot()).toEqual({ user: null, token: null, isLoggedInUser: false });
    expect(localStorage.getItem('auth')).toBeNull();
    expect(toasts).toEqual([{ kind: 'success', message: 'User logged out successfully' }]);
    expect(location()).toBe('/signin');
    expect(await screen.findByRole('heading', { name: 'account/signin' })).toBeInTheDocument();
    const topBar = within(screen.getByTestId('top-bar'));
    expect(topBar.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(topBar.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('shows the success toast on screen', async () => {
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('User logged out successfully')).toBeInTheDocument();
  });
});
