/**
 * Google and Discord as the browser journeys meet them: one HTTP server on loopback that speaks
 * Discord's OAuth2 authorize, token and users/@me endpoints and Google's token-info and
 * user-info endpoints, plus a stand-in for Google's sign-in script (served here, and routed to
 * from Google's script address inside the test browser). The API and the site are pointed at it
 * through their ordinary configuration variables (`providerEnv`), so the code under test is the
 * code that runs against the real providers.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GOOGLE_CLIENT_ID = 'e2e-google-client.apps.googleusercontent.com';
export const DISCORD_CLIENT_ID = 'e2e-discord-client';
const DISCORD_CLIENT_SECRET = 'e2e-discord-secret';

/** The one person each provider signs in. */
export const GOOGLE_PERSON = {
  sub: '109876543210987654321',
  email: 'ada.google@example.com',
  name: 'Ada Google',
};
export const DISCORD_PERSON = {
  id: '80351110224678912',
  username: 'nova_2117',
  global_name: 'Nova Pilot',
  email: 'nova.discord@example.com',
};

/** Google's script address: the test browser is routed from it to `googleScriptUrl`. */
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/**
 * What `@react-oauth/google` needs of Google Identity Services: a token client whose
 * `requestAccessToken` answers with an access token the loopback token-info endpoint knows.
 */
const googleScript = (token: string): string => `
window.google = window.google || {};
window.google.accounts = {
  id: { initialize() {}, prompt() {}, renderButton() {}, disableAutoSelect() {}, cancel() {} },
  oauth2: {
    initTokenClient(config) {
      return {
        requestAccessToken() {
          setTimeout(() => config.callback({
            access_token: ${JSON.stringify(token)},
            token_type: 'Bearer',
            expires_in: 3599,
            scope: config.scope || 'openid email profile',
          }), 50);
        },
      };
    },
    initCodeClient() { return { requestCode() {} }; },
    hasGrantedAllScopes() { return true; },
    revoke() {},
  },
};
`;

export interface Providers {
  url: string;
  googleScriptUrl: string;
  /** The calls the providers received, e.g. `POST /discord/api/oauth2/token`. */
  calls: string[];
  /** Environment for the API and the web servers that points both at this server. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
};

const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

export async function startProviders(): Promise<Providers> {
  const googleToken = `ya29.e2e-${randomBytes(8).toString('hex')}`;
  const discordCodes = new Map<string, boolean>(); // code → used
  const discordTokens = new Set<string>();
  const calls: string[] = [];

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://loopback');
      calls.push(`${request.method ?? 'GET'} ${url.pathname}`);
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];

      if (url.pathname === '/google/gsi/client') {
        response.writeHead(200, { 'content-type': 'text/javascript' });
        response.end(googleScript(googleToken));
        return;
      }
      if (url.pathname === '/google/tokeninfo') {
        if (url.searchParams.get('access_token') !== googleToken) {
          sendJson(response, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
          return;
        }
        sendJson(response, 200, {
          azp: GOOGLE_CLIENT_ID,
          aud: GOOGLE_CLIENT_ID,
          sub: GOOGLE_PERSON.sub,
          scope: 'openid https://www.googleapis.com/auth/userinfo.email',
          exp: String(Math.floor(Date.now() / 1000) + 3599),
          expires_in: '3599',
          email: GOOGLE_PERSON.email,
          email_verified: 'true',
        });
        return;
      }
      if (url.pathname === '/google/userinfo') {
        if (bearer !== googleToken) {
          sendJson(response, 401, { error: 'invalid_token' });
          return;
        }
        sendJson(response, 200, {
          sub: GOOGLE_PERSON.sub,
          name: GOOGLE_PERSON.name,
          email: GOOGLE_PERSON.email,
          email_verified: true,
        });
        return;
      }
      if (url.pathname === '/discord/oauth2/authorize') {
        // The person approves at once: back to the site with a fresh code and the site's state.
        const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
        const code = randomBytes(12).toString('hex');
        discordCodes.set(code, false);
        redirect.searchParams.set('code', code);
        const state = url.searchParams.get('state');
        if (state !== null) redirect.searchParams.set('state', state);
        response.writeHead(302, { location: redirect.toString() });
        response.end();
        return;
      }
      if (url.pathname === '/discord/api/oauth2/token' && request.method === 'POST') {
        const form = new URLSearchParams(await readBody(request));
        const code = form.get('code') ?? '';
        const valid =
          form.get('client_id') === DISCORD_CLIENT_ID &&
          form.get('client_secret') === DISCORD_CLIENT_SECRET &&
          form.get('grant_type') === 'authorization_code' &&
          discordCodes.get(code) === false;
        if (!valid) {
          sendJson(response, 400, { error: 'invalid_grant', error_description: 'Invalid "code"' });
          return;
        }
        discordCodes.set(code, true);
        const token = randomBytes(12).toString('hex');
        discordTokens.add(token);
        sendJson(response, 200, {
          access_token: token,
          token_type: 'Bearer',
          expires_in: 604800,
          refresh_token: randomBytes(12).toString('hex'),
          scope: 'identify email',
        });
        return;
      }
      if (url.pathname === '/discord/api/users/@me') {
        if (bearer === undefined || !discordTokens.has(bearer)) {
          sendJson(response, 401, { message: '401: Unauthorized', code: 0 });
          return;
        }
        sendJson(response, 200, { ...DISCORD_PERSON, verified: true, avatar: null });
        return;
      }
      sendJson(response, 404, { error: 'not_found' });
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

  return {
    url,
    googleScriptUrl: `${url}/google/gsi/client`,
    calls,
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_TOKENINFO_URL: `${url}/google/tokeninfo`,
      GOOGLE_USERINFO_URL: `${url}/google/userinfo`,
      DISCORD_CLIENT_ID,
      DISCORD_CLIENT_SECRET,
      DISCORD_AUTHORIZE_URL: `${url}/discord/oauth2/authorize`,
      DISCORD_TOKEN_URL: `${url}/discord/api/oauth2/token`,
      DISCORD_API_URL: `${url}/discord/api`,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
