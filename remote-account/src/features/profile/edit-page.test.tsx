import { session } from '@hypertek/shared';
import {
  recordToasts,
  serveApi,
  validToken,
  type Route,
  type SentRequest,
} from '@hypertek/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderAt } from '../../test/render';
import { makeUser, signInAs } from '../../test/session';
import EditPage from './edit-page';

const toasts = recordToasts();

/** The profile the server holds (it differs from the session's copy, to tell them apart). */
const serverUser = makeUser({
  _id: 'u-9',
  id: 'u-9',
  FullName: 'Ada King',
  Email: 'ada@example.com',
  Bio: 'Countess of Lovelace.',
  Avatar: '/uploads/ada.png',
});

/** The notification settings the server holds: every kind on, no minimum offer. */
const preferences = {
  success: true,
  message: 'Notification preferences fetched',
  kinds: [
    { kind: 'offer.received', notify: true, email: true },
    { kind: 'offer.accepted', notify: true, email: true },
    { kind: 'offer.declined', notify: true, email: null },
    { kind: 'offer.outbid', notify: true, email: null },
    { kind: 'item.sold', notify: true, email: true },
    { kind: 'reservation.lapsing', notify: true, email: true },
    { kind: 'reservation.lapsed', notify: true, email: true },
  ],
  minOfferPrice: null,
  minOfferCents: null,
};

async function openEdit(routes: Record<string, Route> = {}, profile = serverUser) {
  const sent = serveApi({
    'GET /getProfile': { data: { success: true, user: profile } },
    'GET /notifications/preferences': { data: preferences },
    ...routes,
  });
  signInAs(makeUser({ _id: 'u-9', FullName: 'Ada (session copy)', Bio: '' }));
  const view = renderAt('/edit', { '/edit': <EditPage /> });
  await waitFor(() => expect(screen.getByLabelText('Full Name')).toHaveValue(profile.FullName));
  // Filled from this visit's answer, not from one kept by an earlier visit.
  await waitFor(() => expect(document.querySelector('form')).toHaveAttribute('aria-busy', 'false'));
  return { sent, user: userEvent.setup(), ...view };
}

/** The multipart body of the PUT, as [field, value] pairs (files by name). */
function multipart(sent: SentRequest[]) {
  const put = sent.find((r) => r.method === 'PUT' && r.url === '/profile');
  expect(put?.body).toBeInstanceOf(FormData);
  return [...(put!.body as FormData).entries()].map(([key, value]) => [
    key,
    value instanceof File ? `file:${value.name}` : value,
  ]);
}

describe('/edit', () => {
  it("asks signed-out visitors to log in first ('Please Login first!')", () => {
    const sent = serveApi({});
    renderAt('/edit', { '/edit': <EditPage /> });
    expect(screen.getByRole('heading', { name: 'Please Login first!' })).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('loads the profile with the bearer token and fills the form from it', async () => {
    const { sent } = await openEdit();

    expect(screen.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Bio')).toHaveValue('Countess of Lovelace.');
    expect(screen.getByText('u-9')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ method: 'GET', url: '/getProfile' });
    expect(sent[0]!.headers.Authorization).toMatch(/^Bearer /);
  });

  it.each([
    [{ status: 401, data: { message: 'Session expired' } }, 'Session expired'],
    [{ status: 500, data: {} }, 'Failed to fetch profile'],
    [{ status: 200, data: { success: true } }, 'Failed to fetch profile'],
  ])("toasts a failed load: the server's message, else the fallback", async (reply, message) => {
    serveApi({ 'GET /getProfile': reply });
    signInAs(makeUser({ FullName: 'Ada Lovelace' }));
    renderAt('/edit', { '/edit': <EditPage /> });

    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message }]));
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Lovelace');
  });

  it('keeps only letters and spaces in the full name', async () => {
    const { user } = await openEdit();
    const name = screen.getByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, 'Zoë 2 Ñúñez-O’Brien!');

    expect(name).toHaveValue('Zoë  ÑúñezOBrien');
    expect(screen.queryByText('Maximum 30 characters allowed')).not.toBeInTheDocument();
  });

  it("stops the full name at 30 characters and says 'Maximum 30 characters allowed'", async () => {
    const { user } = await openEdit();
    const name = screen.getByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, 'a'.repeat(29));
    expect(screen.queryByText('Maximum 30 characters allowed')).not.toBeInTheDocument();

    await user.type(name, 'bcdef');

    expect(name).toHaveValue(`${'a'.repeat(29)}b`);
    expect(screen.getByText('Maximum 30 characters allowed')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('Maximum 30 characters allowed');
  });

  it('shows the email read-only', async () => {
    const { user } = await openEdit();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('readonly');
    await user.type(email, 'x');
    expect(email).toHaveValue('ada@example.com');
  });

  it('shows the password section only when the user has a password', async () => {
    const { unmount } = await openEdit({}, { ...serverUser, Password: true });
    const section = within(screen.getByRole('group', { name: 'Change password' }));
    expect(section.getByLabelText('Current Password')).toHaveAttribute('type', 'password');
    expect(section.getByLabelText('New Password')).toBeInTheDocument();
    expect(section.getByLabelText('Confirm New Password')).toBeInTheDocument();
    unmount();

    await openEdit({}, { ...serverUser, Password: false });
    expect(screen.queryByRole('group', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it("follows the server's answer: no password section once it says the account has none", async () => {
    // The session's copy still says "has a password" (it was cleared since, say by a Google link).
    await openEdit({}, { ...serverUser, Password: false, GoogleId: 'g-109' });
    expect(session.getSnapshot().user?.Password).toBe(true);
    expect(screen.queryByRole('group', { name: 'Change password' })).not.toBeInTheDocument();
  });

  it('refuses a new password that differs from its confirmation, sending nothing', async () => {
    const { user, sent } = await openEdit();
    await user.type(screen.getByLabelText('Current Password'), 'old-password');
    await user.type(screen.getByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const message = 'New password and confirm password do not match';
    expect(toasts).toEqual([{ kind: 'error', message }]);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('accepts images in the avatar picker and previews the chosen one', async () => {
    const { user, container } = await openEdit();
    const picker = screen.getByLabelText('Choose avatar image');
    expect(picker).toHaveAttribute('type', 'file');
    expect(picker).toHaveAttribute('accept', 'image/*');
    expect(container.querySelector('.ac-avatar img')).toHaveAttribute(
      'src',
      'http://localhost:4000/uploads/ada.png',
    );

    await user.upload(picker, new File(['png'], 'me.png', { type: 'image/png' }));

    expect(container.querySelector('.ac-avatar img')?.getAttribute('src')).toMatch(/^blob:/);
  });

  it('refuses a file that is not an image', async () => {
    await openEdit();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText('Choose avatar image'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText(/That file is not an image/)).toBeInTheDocument();
  });

  it('saves FullName, Email, Bio, Password, NewPassword and Avatar as multipart, then updates the session, toasts and goes to /profile', async () => {
    const saved = makeUser({ ...serverUser, FullName: 'Ada Byron', Avatar: '/uploads/new.png' });
    const { user, sent, path } = await openEdit({
      'PUT /profile': { data: { success: true, user: saved } },
    });
    const name = screen.getByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, 'Ada Byron');
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Poetical science.');
    await user.type(screen.getByLabelText('Current Password'), 'old-password');
    await user.type(screen.getByLabelText('New Password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password');
    await user.upload(
      screen.getByLabelText('Choose avatar image'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(path()).toBe('/profile'));
    expect(multipart(sent)).toEqual([
      ['FullName', 'Ada Byron'],
      ['Email', 'ada@example.com'],
      ['Bio', 'Poetical science.'],
      ['Password', 'old-password'],
      ['NewPassword', 'new-password'],
      ['Avatar', 'file:me.png'],
    ]);
    expect(sent.find((r) => r.method === 'PUT')!.headers.Authorization).toMatch(/^Bearer /);
    expect(session.getSnapshot().user).toEqual(saved);
    expect(toasts).toEqual([{ kind: 'success', message: 'Profile updated successfully!' }]);
  });

  it('keeps the user signed in with the new token the server returns after a password change', async () => {
    const fresh = validToken({ pwd: 2 });
    const { user } = await openEdit({
      'PUT /profile': { data: { success: true, user: serverUser, token: fresh } },
    });
    const before = session.getSnapshot().token;
    await user.type(screen.getByLabelText('Current Password'), 'old-password');
    await user.type(screen.getByLabelText('New Password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(session.getSnapshot().token).toBe(fresh));
    expect(fresh).not.toBe(before);
    expect(session.getSnapshot()).toMatchObject({ user: serverUser, isLoggedInUser: true });
  });

  it('sends empty password fields and no Avatar when none were given', async () => {
    const { user, sent } = await openEdit(
      { 'PUT /profile': { data: { success: true, user: serverUser } } },
      { ...serverUser, Password: false },
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(multipart(sent)).toEqual([
      ['FullName', 'Ada King'],
      ['Email', 'ada@example.com'],
      ['Bio', 'Countess of Lovelace.'],
      ['Password', ''],
      ['NewPassword', ''],
    ]);
  });

  it.each([
    [{ status: 400, data: { message: 'Current password is wrong' } }, 'Current password is wrong'],
    [{ status: 500, data: {} }, 'Failed to update profile'],
    [{ status: 200, data: { success: true } }, 'Failed to update profile'],
  ])("shows a failed save: the server's message, else the fallback", async (reply, message) => {
    const { user, path } = await openEdit({ 'PUT /profile': reply });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(toasts).toEqual([{ kind: 'error', message }]);
    expect(path()).toBe('/edit');
    expect(session.getSnapshot().user?.FullName).toBe('Ada (session copy)');
  });

  it("copies the user id and says 'Copied!' for 2 seconds", async () => {
    await openEdit();
    // After openEdit: user-event's setup installs its own clipboard.
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    jest.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Copy ID' }));
      expect(writeText).toHaveBeenCalledWith('u-9');
      expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

      act(() => jest.advanceTimersByTime(1999));
      expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByRole('button', { name: 'Copy ID' })).toBeInTheDocument();
      expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('/edit: notification settings', () => {
  it('shows each kind on the site and by email (the mailed kinds), and the minimum offer', async () => {
    await openEdit({
      'GET /notifications/preferences': {
        data: {
          ...preferences,
          kinds: preferences.kinds.map((k) =>
            k.kind === 'item.sold' ? { ...k, email: false } : k,
          ),
          minOfferPrice: 25,
          minOfferCents: 2500,
        },
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Notifications' }));
    expect(form.getAllByRole('checkbox', { name: 'On the site' })).toHaveLength(7);
    // Declined and outbid offers are never mailed.
    expect(form.getAllByRole('checkbox', { name: 'By email' })).toHaveLength(5);
    expect(form.getAllByRole('checkbox', { name: 'By email' })[2]).not.toBeChecked();
    expect(form.getByLabelText('Minimum offer (USD)')).toHaveValue('25');
  });

  it('saves what is set: each kind, and the minimum offer (empty: none)', async () => {
    const { sent, user } = await openEdit({
      'PATCH /notifications/preferences': { data: preferences },
    });
    const form = within(await screen.findByRole('form', { name: 'Notifications' }));
    await user.click(form.getAllByRole('checkbox', { name: 'By email' })[0]!);
    await user.click(form.getAllByRole('checkbox', { name: 'On the site' })[3]!);
    await user.type(form.getByLabelText('Minimum offer (USD)'), '12.5');
    await user.click(form.getByRole('button', { name: 'Save notifications' }));

    await waitFor(() =>
      expect(toasts).toEqual([{ kind: 'success', message: 'Notification settings saved' }]),
    );
    const patch = sent.find((r) => r.method === 'PATCH');
    expect(patch?.url).toBe('/notifications/preferences');
    expect(patch?.body).toEqual({
      kinds: [
        { kind: 'offer.received', notify: true, email: false },
        { kind: 'offer.accepted', notify: true, email: true },
        { kind: 'offer.declined', notify: true },
        { kind: 'offer.outbid', notify: false },
        { kind: 'item.sold', notify: true, email: true },
        { kind: 'reservation.lapsing', notify: true, email: true },
        { kind: 'reservation.lapsed', notify: true, email: true },
      ],
      minOfferPrice: 12.5,
    });
  });

  it('refuses a minimum offer that is not a price, sending nothing', async () => {
    const { sent, user } = await openEdit();
    const form = within(await screen.findByRole('form', { name: 'Notifications' }));
    await user.type(form.getByLabelText('Minimum offer (USD)'), '1.234');
    await user.click(form.getByRole('button', { name: 'Save notifications' }));

    expect(await form.findByText('Price can have at most 2 decimals')).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it("says when the settings cannot be read, with 'Try again'", async () => {
    await openEdit({
      'GET /notifications/preferences': { status: 500, data: { message: 'Down' } },
    });
    expect(
      await screen.findByText('Your notification settings could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
