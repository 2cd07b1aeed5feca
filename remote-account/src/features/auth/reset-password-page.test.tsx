import { calls, recordToasts, serveApi } from '@hypertek/shared/testing';
import { screen, waitFor } from '@testing-library/react';

import { fillAndSubmit, openAndSubmit } from '../../test/forms';
import { renderAt } from '../../test/render';
import ResetPasswordPage from './reset-password-page';

const toasts = recordToasts();

const reset = (password: string, confirm: string, token = 'abc123') =>
  openAndSubmit(
    `/reset-password/${token}`,
    <ResetPasswordPage />,
    { 'New Password': password, 'Confirm Password': confirm },
    'Reset Password',
    '/reset-password/:token',
  );

describe('/reset-password/:token', () => {
  it("is 'Reset Password' with the new password and its confirmation", () => {
    renderAt('/reset-password/abc123', { '/reset-password/:token': <ResetPasswordPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
  });

  it.each([
    ['short', 'short', 'Password must be between 8 and 20 characters', 'New Password'],
    ['correct-horse', 'correct-horsf', 'Passwords do not match', 'Confirm Password'],
  ])('refuses %p / %p with %p', async (password, confirm, message, field) => {
    const sent = serveApi({});
    await reset(password, confirm);

    expect(toasts).toEqual([{ kind: 'error', message }]);
    expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('sends Password and ConfirmPassword for the token, then goes to /signin', async () => {
    const sent = serveApi({ 'POST /user/reset-password/t%2Fok%3D': { data: { success: true } } });
    const { path } = await reset('correct-horse', 'correct-horse', 't%2Fok%3D');

    await waitFor(() => expect(path()).toBe('/signin'));
    expect(calls(sent)).toEqual([
      {
        method: 'POST',
        url: '/user/reset-password/t%2Fok%3D',
        body: { Password: 'correct-horse', ConfirmPassword: 'correct-horse' },
      },
    ]);
    expect(toasts).toEqual([
      { kind: 'success', message: 'Password reset successful! Please login.' },
    ]);
  });

  it("shows the server's message, else 'Reset password failed'", async () => {
    serveApi({
      'POST /user/reset-password/abc123': { status: 400, data: { message: 'Token expired' } },
    });
    const { path } = await reset('correct-horse', 'correct-horse');
    expect(await screen.findByRole('alert')).toHaveTextContent('Token expired');

    serveApi({ 'POST /user/reset-password/abc123': { status: 500, data: {} } });
    await fillAndSubmit({}, 'Reset Password');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Reset password failed'),
    );
    expect(toasts.map((t) => t.message)).toEqual(['Token expired', 'Reset password failed']);
    expect(path()).toBe('/reset-password/abc123');
  });
});
