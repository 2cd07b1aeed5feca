import { session, type User } from '@hypertek/shared';
import { DISCORD_STATE_STORAGE_KEY } from '@hypertek/shared/discord-state';
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

/** The state the sign-in button of this tab sent to Discord. */
const STATE = '5f0c9e3a7b2d4e6f8a1b3c5d7e9f0a2b';
const sentState = (state = STATE) => sessionStorage.setItem(DISCORD_STATE_STORAGE_KEY, state);

function discordAnswers(reply: Reply | Promise<Reply>) {
  const routes: Routes = { 'POST /user/discord': () => reply };
  const requests = serveApi(routes);
  return () => requests.filter((r) => r.url === '/user/discord');
}

/** Lets the return's code load and run (it is a chunk of its own), and what it started settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('chat-community (Discord) return', () => {
  it('with the state this tab sent: removes code and state from the address at once and POSTs the code', async () => {
    sentState();
    const answer = deferred();
    const exchanges = discordAnswers(answer.promise);

    const { location } = await renderPage(`/signin?code=abc&state=${STATE}`);

    expect(location()).toBe('/signin');
    expect(exchanges().map((r) => [r.method, r.body])).toEqual([['POST', { code: 'abc' }]]);
    expect(session.getSnapshot().isLoggedInUser).toBe(false);
    expect(sessionStorage.getItem(DISCORD_STATE_STORAGE_KEY)).toBeNull(); // used up
    answer.resolve({ status: 400, data: { success: false } });
    expect(await screen.findByText('Discord login failed!')).toBeInTheDocument();
  });

  it('signs a returning account in, welcomes it by full name, keeps the token under `token` and goes to /profile', async () => {
    sentState();
    const token = validToken();
    discordAnswers({
      data: { success: true, user: grace, token, created: false, message: 'ok' },
    });

    const { location } = await renderPage(`/signin?code=abc&state=${STATE}`);

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
    expect(await screen.findByRole('heading', { name: 'account/profile' })).toBeInTheDocument();
    expect(location()).toBe('/profile');
    expect(topBar().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('goes to / when the sign-in created the account', async () => {
    sentState();
    const token = validToken();
    discordAnswers({ data: { success: true, user: grace, token, created: true, message: 'ok' } });

    const { location } = await renderPage(`/signin?code=abc&state=${STATE}`);

    expect(await screen.findByText(/Welcome, Grace Hopper!/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'marketing/home' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('keeps the other query parameters while the code is exchanged', async () => {
    sentState();
    discordAnswers(deferred().promise);

    const { location } = await renderPage(`/signin?code=abc&from=discord&state=${STATE}#top`);

    expect(location()).toBe('/signin?from=discord');
  });

  it('exchanges a code once, even in StrictMode and after re-renders', async () => {
    sentState();
    const exchanges = discordAnswers({ data: { success: true, user: grace, token: validToken() } });

    await renderPage(`/signin?code=abc&state=${STATE}`);
    await screen.findByText(/Welcome, Grace Hopper/);

    expect(exchanges()).toHaveLength(1);
  });

  it.each([
    ['without a state', '/signin?code=abc'],
    ['with another state', '/signin?code=abc&state=0000000000000000'],
    ['with an empty state', '/signin?code=abc&state='],
  ])('leaves a ?code= %s alone: no request, nothing removed', async (_, path) => {
    sentState();
    const exchanges = discordAnswers({ data: { success: true, user: grace, token: validToken() } });

    const { location } = await renderPage(path);
    await settle();

    expect(exchanges()).toEqual([]);
    expect(location()).toBe(path);
    expect(session.getSnapshot().isLoggedInUser).toBe(false);
    // The real return can still come back.
    expect(sessionStorage.getItem(DISCORD_STATE_STORAGE_KEY)).toBe(STATE);
  });

  it('leaves every ?code= alone when this tab started no Discord sign-in', async () => {
    const exchanges = discordAnswers({ data: {} });

    const { location } = await renderPage(`/?code=abc&state=${STATE}`);
    await settle();

    expect(exchanges()).toEqual([]);
    expect(location()).toBe(`/?code=abc&state=${STATE}`);
  });

  it("says 'Discord login failed!' when the server sends no message, and stays signed out", async () => {
    sentState();
    discordAnswers({ status: 500, data: {} });

    const { location } = await renderPage(`/signin?code=abc&state=${STATE}`);

    expect(await screen.findByText('Discord login failed!')).toBeInTheDocument();
    expect(session.getSnapshot().isLoggedInUser).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(location()).toBe('/signin');
  });

  it("shows the server's message when it sends one", async () => {
    sentState();
    discordAnswers({
      status: 401,
      data: {
        success: false,
        message: 'Discord login failed! The sign-in code is invalid or expired.',
      },
    });

    await renderPage(`/signin?code=abc&state=${STATE}`);

    expect(
      await screen.findByText('Discord login failed! The sign-in code is invalid or expired.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Discord login failed!')).not.toBeInTheDocument();
  });

  it("says 'Discord login failed!' when the visitor refused on Discord's page, and cleans the address", async () => {
    sentState();
    const exchanges = discordAnswers({ data: {} });

    const { location } = await renderPage(
      `/signin?error=access_denied&error_description=The+resource+owner+denied&state=${STATE}`,
    );

    expect(await screen.findByText('Discord login failed!')).toBeInTheDocument();
    expect(location()).toBe('/signin');
    expect(exchanges()).toEqual([]);
  });

  it('makes no call without a code', async () => {
    sentState();
    const exchanges = discordAnswers({ data: {} });

    const { location } = await renderPage(`/?state=${STATE}`);
    await settle();

    expect(exchanges()).toEqual([]);
    expect(location()).toBe(`/?state=${STATE}`);
  });
});
