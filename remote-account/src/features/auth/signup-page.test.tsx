import { session } from '@hypertek/shared';
import { calls, pending, recordToasts, serveApi, validToken } from '@hypertek/shared/testing';
import { screen, waitFor } from '@testing-library/react';

import { expectRefusedBeforeSending, fillAndSubmit, openAndSubmit } from '../../test/forms';
import { renderAt } from '../../test/render';
import { makeUser } from '../../test/session';
import SignupPage from './signup-page';

const toasts = recordToasts();

const signUp = (email: string, password: string, confirm: string) =>
  openAndSubmit(
    '/signup',
    <SignupPage />,
    { Email: email, Password: password, 'Confirm Password': confirm },
    'Sign Up',
  );

describe('/signup', () => {
  it("is 'Create Account' with the three other ways in and a link to sign in", () => {
    renderAt('/signup', { '/signup': <SignupPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    for (const name of ['Continue with MetaMask', 'Continue with Google', 'Continue with Discord'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it.each([
    ['ada@', 'longenough', 'longenough', 'Please enter a valid email address', 'Email'],
    [
      'ada@example.com',
      'seven77',
      'seven77',
      'Password must be between 8 and 20 characters',
      'Password',
    ],
    ['ada@example.com', 'longenough', 'longenougg', 'Passwords do not match', 'Confirm Password'],
  ])('refuses %p %p %p with %p', async (email, password, confirm, message, field) => {
    const sent = serveApi({});
    await signUp(email, password, confirm);

    expectRefusedBeforeSending(toasts, sent, message, field);
  });

  it('sends Email, Password and ConfirmPassword, signs in, saves the token and goes to /', async () => {
    const ada = makeUser();
    const token = validToken();
    const sent = serveApi({
      'POST /user/signup': { status: 201, data: { success: true, user: ada, token } },
    });

    const { path } = await signUp('ada@example.com', 'correct-horse', 'correct-horse');

    await waitFor(() => expect(path()).toBe('/'));
    expect(calls(sent)).toEqual([
      {
        method: 'POST',
        url: '/user/signup',
        body: {
          Email: 'ada@example.com',
          Password: 'correct-horse',
          ConfirmPassword: 'correct-horse',
        },
      },
    ]);
    expect(toasts).toEqual([{ kind: 'success', message: 'Signup successful!' }]);
    expect(session.getSnapshot()).toEqual({ user: ada, token, isLoggedInUser: true });
    expect(localStorage.getItem('token')).toBe(token);
  });

  it("shows the server's message, else 'Signup failed'", async () => {
    serveApi({ 'POST /user/signup': { status: 409, data: { message: 'User already exists' } } });
    await signUp('ada@example.com', 'correct-horse', 'correct-horse');
    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');

    serveApi({ 'POST /user/signup': { status: 500, data: {} } });
    await fillAndSubmit({}, 'Sign Up');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Signup failed'));
    expect(toasts.map((t) => t.message)).toEqual(['User already exists', 'Signup failed']);
  });

  it('shows the full-screen spinner while the request is in flight', async () => {
    serveApi({ 'POST /user/signup': pending });
    await signUp('ada@example.com', 'correct-horse', 'correct-horse');

    expect(screen.getByRole('status')).toHaveTextContent('Please wait…');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  });
});
