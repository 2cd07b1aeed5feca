import { calls, pending, recordToasts, serveApi } from '@hypertek/shared/testing';
import { screen, waitFor } from '@testing-library/react';

import { fillAndSubmit, openAndSubmit } from '../../test/forms';
import { renderAt } from '../../test/render';
import ForgotPasswordPage from './forgot-password-page';

const toasts = recordToasts();

const ask = (email: string) =>
  openAndSubmit('/forgot-password', <ForgotPasswordPage />, { Email: email }, 'Send');

describe('/forgot-password', () => {
  it("is 'Forgotten Password' with an email field, Send and a way back to login", () => {
    renderAt('/forgot-password', { '/forgot-password': <ForgotPasswordPage /> });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Forgotten Password' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to login' })).toHaveAttribute(
      'href',
      '/signin',
    );
  });

  it.each(['', 'ada', 'ada@example', 'ada @example.com'])(
    'refuses %p with the email message, sending nothing',
    async (email) => {
      const sent = serveApi({});
      await ask(email);

      expect(toasts).toEqual([{ kind: 'error', message: 'Please enter a valid email address' }]);
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
      expect(sent).toEqual([]);
    },
  );

  it('sends the Email and says the reset email is on its way', async () => {
    const sent = serveApi({ 'POST /user/forgot-password': { data: { success: true } } });
    await ask('ada@example.com');

    await waitFor(() =>
      expect(toasts).toEqual([
        { kind: 'success', message: 'Password reset email sent! Check your inbox.' },
      ]),
    );
    expect(calls(sent)).toEqual([
      { method: 'POST', url: '/user/forgot-password', body: { Email: 'ada@example.com' } },
    ]);
    expect(screen.getByText('Password reset email sent! Check your inbox.')).toBeInTheDocument();
  });

  it("shows the server's message, else 'Something went wrong'", async () => {
    serveApi({
      'POST /user/forgot-password': { status: 404, data: { message: 'User not found' } },
    });
    await ask('ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');

    serveApi({ 'POST /user/forgot-password': { status: 502, data: 'Bad gateway' } });
    await fillAndSubmit({}, 'Send');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong'),
    );
    expect(toasts.map((t) => t.message)).toEqual(['User not found', 'Something went wrong']);
  });

  it('shows the full-screen spinner while the request is in flight', async () => {
    serveApi({ 'POST /user/forgot-password': pending });
    await ask('ada@example.com');

    expect(screen.getByRole('status')).toHaveTextContent('Please wait…');
  });
});
