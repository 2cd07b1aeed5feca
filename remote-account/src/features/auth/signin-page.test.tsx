import { session } from '@hypertek/shared';
import { pending, recordToasts, serveApi, validToken } from '@hypertek/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { expectRefusedBeforeSending, openAndSubmit } from '../../test/forms';
import { renderAt } from '../../test/render';
import { makeUser } from '../../test/session';
import SigninPage from './signin-page';

const toasts = recordToasts();

const signIn = (email: string, password: string) =>
  openAndSubmit('/signin', <SigninPage />, { Email: email, Password: password }, 'Sign In');

describe('/signin', () => {
  it("is 'Welcome Back' with a link to the forgotten-password screen and to sign-up", () => {
    renderAt('/signin', { '/signin': <SigninPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it.each([
    ['not-an-email', 'longenough', 'Please enter a valid email address', 'Email'],
    ['ada@example.com', 'short', 'Password must be between 8 and 20 characters', 'Password'],
    ['ada@example.com', 'x'.repeat(21), 'Password must be between 8 and 20 characters', 'Password'],
  ])('refuses %p / %p with %p, sending nothing', async (email, password, message, field) => {
    const sent = serveApi({});
    await signIn(email, password);

    expectRefusedBeforeSending(toasts, sent, message, field);
  });

  it('sends Email and Password, signs in, toasts and goes to /profile', async () => {
    const ada = makeUser();
    const token = validToken();
    const sent = serveApi({ 'POST /user/login': { data: { success: true, user: ada, token } } });

    const { path } = await signIn('ada@example.com', 'correct-horse');

    await waitFor(() => expect(path()).toBe('/profile'));
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'POST',
        url: '/user/login',
        body: { Email: 'ada@example.com', Password: 'correct-horse' },
      },
    ]);
    expect(toasts).toEqual([{ kind: 'success', message: 'Login successful!' }]);
    expect(session.getSnapshot()).toEqual({ user: ada, token, isLoggedInUser: true });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows the server's message when the login is refused", async () => {
    serveApi({ 'POST /user/login': { status: 401, data: { message: 'Invalid credentials' } } });
    await signIn('ada@example.com', 'wrong-horse');

    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
    expect(toasts).toEqual([{ kind: 'error', message: 'Invalid credentials' }]);
    expect(session.getSnapshot().isLoggedInUser).toBe(false);
  });

  it("falls back to 'Something went wrong' without a server message", async () => {
    serveApi({ 'POST /user/login': { status: 500, data: {} } });
    await signIn('ada@example.com', 'correct-horse');

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('covers the page with a spinner and disables Sign In while the request is in flight', async () => {
    serveApi({ 'POST /user/login': pending });
    await signIn('ada@example.com', 'correct-horse');

    expect(screen.getByRole('status')).toHaveTextContent('Please wait…');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderAt('/signin', { '/signin': <SigninPage /> });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('offers the three other ways in: browser wallet, Google and Discord', () => {
    renderAt('/signin', { '/signin': <SigninPage /> });
    for (const name of ['Continue with MetaMask', 'Continue with Google', 'Continue with Discord'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });
});
