import { session, type User } from '@hypertek/shared';
import {
  deferred,
  makeUser,
  serveApi,
  validToken,
  type Reply,
  type Routes,
} from '@hypertek/shared/testing';
import { act, screen, within } from '@testing-library/react';

import { renderPage } from '../../../../testing/render';

const grace: User = {
  ...makeUser(),
  _id: 'u2',
  id: 'u2',
  FullName: 'Grace Hopper',
  DiscordId: 'd42',
};
const topBar = () => within(screen.getByTestId('top-bar'));

function discordAnswers(reply: Reply | Promise<Reply>) {
  const routes: Routes = { 'POST /user/discord': () => reply };
  const requests = serveApi(routes);
  return () => requests.filter((r) => r.url === '/user/discord');
}

describe('chat-community (Discord) return', () => {
  it('removes ?code from the address at once and POSTs it to /user/discord', async () => {
    const answer = deferred();
    const exchanges = discordAnswers(answer.promise);

    const { location } = await renderPage('/?code=abc');

    expect(location()).toBe('/');
    expect(exchanges().map((r) => [r.method, r.body])).toEqual([['POST', { code: 'abc' }]]);
    expect(session.getSnapshot().isLoggedInUser).toBe(false);
    answer.resolve({ status: 400, data: { success: false } });
    expect(await screen.findByText('Discord login failed!')).toBeInTheDocument();
  });

  it('signs in, welcomes the user by full name and stays at /', async () => {
    const token = validToken();
    discordAnswers({ data: { success: true, user: grace, token, message: 'ok' } });

    const { location } = await renderPage('/?code=abc');

    expect(
      await screen.findByText('Discord Signup/Login successful! Welcome, Grace Hopper!'),
    ).toBeInTheDocument();
    expect(session.getSnapshot()).toEqual({ user: grace, token, isLoggedInUser: true });
    expect(JSON.parse(localStorage.getItem('auth')!)).toEqual({
      user: grace,
      token,
      isLoggedInUser: true,
    });
    expect(localStorage.getItem('token')).toBe(token);
    expect(location()).toBe('/');
    expect(topBar().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('keeps the other query parameters, and goes to / after signing in', async () => {
    const answer = deferred();
    discordAnswers(answer.promise);

    const { location } = await renderPage('/signin?code=abc&from=discord#top');
    expect(location()).toBe('/signin?from=discord');

    answer.resolve({ data: { success: true, user: grace, token: validToken() } });
    expect(await screen.findByRole('heading', { name: 'marketing/home' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('exchanges a code once, even in StrictMode and after re-renders', async () => {
    const exchanges = discordAnswers({ data: { success: true, user: grace, token: validToken() } });

    await renderPage('/?code=abc');
    await screen.findByText(/Welcome, Grace Hopper/);

    expect(exchanges()).toHaveLength(1);
  });

  it("says 'Discord login failed!' when the server sends no message, and stays signed out", async () => {
    discordAnswers({ status: 500, data: {} });

    const { location } = await renderPage('/?code=abc');

    expect(await screen.findByText('Discord login failed!')).toBeInTheDocument();
    expect(session.getSnapshot().isLoggedInUser).toBe(false);
    expect(location()).toBe('/');
    expect(topBar().getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it("shows the server's message when it sends one", async () => {
    discordAnswers({ status: 401, data: { success: false, message: 'Invalid Discord code' } });

    await renderPage('/?code=abc');

    expect(await screen.findByText('Invalid Discord code')).toBeInTheDocument();
    expect(screen.queryByText('Discord login failed!')).not.toBeInTheDocument();
  });

  it('makes no call without a code', async () => {
    const exchanges = discordAnswers({ data: {} });

    const { location } = await renderPage('/?state=x');
    await act(() => Promise.resolve());

    expect(exchanges()).toEqual([]);
    expect(location()).toBe('/?state=x');
  });
});
