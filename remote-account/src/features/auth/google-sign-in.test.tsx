import { session, setRuntimeConfig } from '@hypertek/shared';
import { calls, deferred, recordToasts, serveApi, validToken } from '@hypertek/shared/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderAt } from '../../test/render';
import { makeUser } from '../../test/session';
import SigninPage from './signin-page';
import SignupPage from './signup-page';

const toasts = recordToasts();

const CLIENT_ID = '123-abc.apps.googleusercontent.com';
const ACCESS_TOKEN = 'ya29.a0-google-access-token';

/** The part of Google Identity Services' token client the page uses. */
interface TokenClientConfig {
  client_id: string;
  scope: string;
  callback: (response: { access_token?: string; error?: string }) => void;
  error_callback?: (error: { type: string }) => void;
}
interface FakeTokenClient {
  config: TokenClientConfig;
  requestAccessToken: jest.Mock;
}

/**
 * Google's script as the page sees it once loaded (`window.google.accounts.oauth2`): each request
 * for a token runs `onRequest`, which answers as Google's window would.
 */
function fakeGoogleIdentity(onRequest: (config: TokenClientConfig, attempt: number) => void) {
  const clients: FakeTokenClient[] = [];
  let attempts = 0;
  Object.assign(window, {
    google: {
      accounts: {
        oauth2: {
          initTokenClient: (config: TokenClientConfig) => {
            const client = {
              config,
              requestAccessToken: jest.fn(() => onRequest(config, ++attempts)),
            };
            clients.push(client);
            return client;
          },
        },
      },
    },
  });
  return clients;
}
const grantsToken = (config: TokenClientConfig) => config.callback({ access_token: ACCESS_TOKEN });

const googleScripts = () =>
  document.querySelectorAll<HTMLScriptElement>(
    'script[src^="https://accounts.google.com/gsi/client"]',
  );

/** Google's script arrives (jsdom never fetches it): fire its load, or its error. */
async function googleScriptArrives(outcome: 'load' | 'error' = 'load') {
  await waitFor(() => expect(googleScripts()).toHaveLength(1));
  const script = googleScripts()[0]!;
  act(() => {
    if (outcome === 'load') fireEvent.load(script);
    else fireEvent.error(script);
  });
}

function open(page: 'signin' | 'signup' = 'signin') {
  const user = userEvent.setup();
  const view =
    page === 'signin'
      ? renderAt('/signin', { '/signin': <SigninPage /> })
      : renderAt('/signup', { '/signup': <SignupPage /> });
  return { user, ...view };
}
const googleButton = () => screen.getByRole('button', { name: /Google|Signing in/ });

const ada = makeUser({ Password: false, GoogleId: 'g-109' });
const token = validToken();

afterEach(() => {
  setRuntimeConfig({});
  Reflect.deleteProperty(window, 'google');
  document.querySelectorAll('script').forEach((script) => script.remove());
});

describe('Google sign-in button', () => {
  it.each(['signin', 'signup'] as const)(
    'says plainly on /%s that Google sign-in is not set up when the site has no client id',
    async (page) => {
      const sent = serveApi({});
      const { user } = open(page);

      const button = screen.getByRole('button', { name: 'Continue with Google' });
      expect(button).toBeDisabled();
      expect(screen.getByText('Google sign-in is not set up on this site.')).toBeVisible();
      expect(button).toHaveAccessibleDescription('Google sign-in is not set up on this site.');
      await user.click(button);
      expect(googleScripts()).toHaveLength(0);
      expect(sent).toEqual([]);
    },
  );

  it("adds no script of Google's to the page until the visitor clicks", async () => {
    setRuntimeConfig({ googleClientId: CLIENT_ID });
    const { user } = open();

    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(googleScripts()).toHaveLength(0);
    expect(document.querySelector('script[src*="google"]')).toBeNull();

    await user.click(googleButton());
    await waitFor(() => expect(googleScripts()).toHaveLength(1));
  });

  it('with one click: loads Google, opens its window, sends the token to the API, signs in and goes to /profile', async () => {
    setRuntimeConfig({ googleClientId: CLIENT_ID });
    const clients = fakeGoogleIdentity(grantsToken);
    const sent = serveApi({
      'POST /user/google': {
        data: {
          success: true,
          message: 'Google Signup/Login successful!',
          user: ada,
          token,
          created: true,
        },
      },
    });
    const { user, path } = open();

    await user.click(googleButton());
    expect(googleButton()).toHaveAccessibleName('Loading Google…');
    expect(googleButton()).toBeDisabled();
    await googleScriptArrives();

    await waitFor(() => expect(path()).toBe('/profile'));
    expect(clients).toHaveLength(1);
    expect(clients[0]!.config.client_id).toBe(CLIENT_ID);
    expect(clients[0]!.requestAccessToken).toHaveBeenCalledTimes(1);
    expect(calls(sent)).toEqual([
      { method: 'POST', url: '/user/google', body: { token: ACCESS_TOKEN } },
    ]);
    expect(toasts).toEqual([{ kind: 'success', message: 'Google Signup/Login successful!' }]);
    expect(session.getSnapshot()).toEqual({ user: ada, token, isLoggedInUser: true });
  });

  it('goes to /profile from the sign-up page too', async () => {
    setRuntimeConfig({ googleClientId: CLIENT_ID });
    fakeGoogleIdentity(grantsToken);
    serveApi({ 'POST /user/google': { data: { success: true, user: ada, token } } });
    const { user, path } = open('signup');

    await user.click(googleButton());
    await googleScriptArrives();

    await waitFor(() => expect(path()).toBe('/profile'));
    expect(toasts).toEqual([{ kind: 'success', message: 'Google Signup/Login successful!' }]);
  });

  it('asks for a second click when the browser blocked the window after loading, then opens it within that click', async () => {
    setRuntimeConfig({ googleClientId: CLIENT_ID });
    const clients = fakeGoogleIdentity((config, attempt) =>
      attempt === 1
        ? config.error_callback?.({ type: 'popup_failed_to_open' })
        : grantsToken(config),
    );
    serveApi({ 'POST /user/google': { data: { success: true, user: ada, token } } });
    const { user, path } = open();

    await user.click(googleButton());
    await googleScriptArrives();

    const note = "Google is ready: click again to open Google's sign-in window.";
    expect(await screen.findByText(note)).toBeVisible();
    expect(googleButton()).toHaveAccessibleDescription(note);
    expect(googleButton()).toBeEnabled();
    expect(path()).toBe('/signin');

    await user.click(googleButton());

    expect(clients[0]!.requestAccessToken).toHaveBeenCalledTimes(2);
    expect(googleScripts()).toHaveLength(1); // loaded once
    await waitFor(() => expect(path()).toBe('/profile'));
  });

  it('shows that it waits while the API checks the token', async () => {
    setRuntimeConfig({ googleClientId: CLIENT_ID });
    fakeGoogleIdentity(grantsToken);
    const answer = deferred();
    serveApi({ 'POST /user/google': answer.route });
    const { user } = open();

    await user.click(googleButton());
    await googleScriptArrives();

    await waitFor(() => expect(googleButton()).toHaveAccessibleName('Signing in…'));
    expect(googleButton()).toBeDisabled();
    answer.resolve({ data: { success: true, user: ada, token } });
    await waitFor(() => expect(toasts).toHaveLength(1));
  });

  it.each([
    ['signin', 'Google login failed!'],
    ['signup', 'Google signup failed!'],
  ] as const)(
    'on /%s, says %p when the API refuses without a message, and stays signed out',
    async (page, message) => {
      setRuntimeConfig({ googleClientId: CLIENT_ID });
      fakeGoogleIdentity(grantsToken);
      serveApi({ 'POST /user/google': { status: 500, data: {} } });
      const { user, path } = open(page);

      await user.click(googleButton());
      await googleScriptArrives();

      await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message }]));
      expect(session.getSnapshot().isLoggedInUser).toBe(false);
      expect(path()).toBe(`/${page}`);
      expect(googleButton()).toHaveAccessibleName('Continue with Google');
      expect(googleButton()).toBeEnabled();
    },
  );

  it.each(['signin', 'signup'] as const)(
    "on /%s, shows the server's message when it sends one",
    async (page) => {
      setRuntimeConfig({ googleClientId: CLIENT_ID });
      fakeGoogleIdentity(grantsToken);
      const message = 'Google sign-in failed: the token was not issued for this site.';
      serveApi({ 'POST /user/google': { status: 401, data: { success: false, message } } });
      const { user } = open(page);

      await user.click(googleButton());
      await googleScriptArrives();

      await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message }]));
    },
  );

  it.each([
    ['signin', 'Google login failed!'],
    ['signup', 'Google signup failed!'],
  ] as const)(
    'on /%s, says %p when Google answers with an error, and sends nothing',
    async (page, message) => {
      setRuntimeConfig({ googleClientId: CLIENT_ID });
      fakeGoogleIdentity((config) => config.callback({ error: 'access_denied' }));
      const sent = serveApi({});
      const { user } = open(page);

      await user.click(googleButton());
      await googleScriptArrives();

      await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message }]));
      expect(sent).toEqual([]);
    },
  );

  it("says 'Google login failed!' when Google's script cannot load, and loads it again on the next click", async () => {
    setRuntimeConfig({ googleClientId: CLIENT_ID });
    const { user } = open();

    await user.click(googleButton());
    await googleScriptArrives('error');

    expect(toasts).toEqual([{ kind: 'error', message: 'Google login failed!' }]);
    await waitFor(() => expect(googleScripts()).toHaveLength(0));
    expect(googleButton()).toHaveAccessibleName('Continue with Google');

    await user.click(googleButton());
    await waitFor(() => expect(googleScripts()).toHaveLength(1));
  });

  it("goes back to the plain button when the visitor closes Google's window, and reopens it on a click", async () => {
    setRuntimeConfig({ googleClientId: CLIENT_ID });
    const clients = fakeGoogleIdentity((config, attempt) =>
      attempt === 1 ? config.error_callback?.({ type: 'popup_closed' }) : grantsToken(config),
    );
    serveApi({ 'POST /user/google': { data: { success: true, user: ada, token } } });
    const { user, path } = open();

    await user.click(googleButton());
    await googleScriptArrives();
    await waitFor(() => expect(clients[0]?.requestAccessToken).toHaveBeenCalledTimes(1));
    expect(toasts).toEqual([]);
    expect(googleButton()).toHaveAccessibleName('Continue with Google');

    await user.click(googleButton());
    await waitFor(() => expect(path()).toBe('/profile'));
  });
});
