/**
 * A real HTTP server on loopback that answers like Google's token-info and user-info endpoints
 * and Discord's OAuth2 token and users/@me endpoints, with the same status codes and bodies for
 * good, bad, expired and used credentials. Tests register the tokens, codes and people it knows,
 * read back what the API sent it, and can make it fail (a status on every call, or no answer).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, type TestContext } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, json, type TestApp } from '../helpers';

export interface GoogleAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface GoogleToken {
  /** The OAuth client the token was issued to. */
  aud: string;
  azp?: string;
  /** Seconds left; 0 or less: expired (Google then answers 400 invalid_token). */
  expiresIn?: number;
  account: GoogleAccount;
}

export interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  email?: string | null;
  verified?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface DiscordClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export class IdentityProviderServer {
  readonly requests: RecordedRequest[] = [];
  /** When set, every request is answered with this status (and a JSON error body). */
  failWith: number | null = null;
  /** When set, every request gets 200 with an HTML page (a captive portal, a wrong URL). */
  answerHtml = false;
  /** When set, requests are read and never answered (for timeouts). */
  hang = false;

  /** Answers `status` to every request for the length of one test. */
  failFor(t: TestContext, status: number): void {
    this.failWith = status;
    t.after(() => {
      this.failWith = null;
    });
  }

  private readonly googleTokens = new Map<string, GoogleToken>();
  private readonly discordCodes = new Map<string, { user: DiscordUser; used: boolean }>();
  private readonly discordTokens = new Map<string, DiscordUser>();
  private readonly server: Server;
  private readonly hanging = new Set<ServerResponse>();
  private counter = 0;

  private constructor(private readonly discord: DiscordClient) {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
  }

  static async start(discord: DiscordClient): Promise<IdentityProviderServer> {
    const instance = new IdentityProviderServer(discord);
    instance.server.listen(0, '127.0.0.1');
    await once(instance.server, 'listening');
    return instance;
  }

  get origin(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** Registers a Google access token and returns it. */
  googleToken(token: GoogleToken): string {
    const value = `ya29.test-${++this.counter}-${Math.random().toString(36).slice(2)}`;
    this.googleTokens.set(value, token);
    return value;
  }

  /** Registers a one-time Discord authorization code for a user and returns it. */
  discordCode(user: DiscordUser): string {
    const code = `code${++this.counter}${Math.random().toString(36).slice(2)}`;
    this.discordCodes.set(code, { user, used: false });
    return code;
  }

  /** The recorded requests to a path. */
  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.origin);
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    if (this.hang) {
      this.hanging.add(response);
      return;
    }
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (this.answerHtml) {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Sign in to the network</body></html>');
      return;
    }
    if (this.failWith !== null) {
      send(this.failWith, { error: 'internal_failure', error_description: 'Backend Error' });
      return;
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];

    if (request.method === 'GET' && url.pathname === '/tokeninfo') {
      const token = this.googleTokens.get(url.searchParams.get('access_token') ?? '');
      const expiresIn = token?.expiresIn ?? 3599;
      if (token === undefined || expiresIn <= 0) {
        send(400, { error: 'invalid_token', error_description: 'Invalid Value' });
        return;
      }
      const { account } = token;
      send(200, {
        azp: token.azp ?? token.aud,
        aud: token.aud,
        sub: account.sub,
        scope: 'openid https://www.googleapis.com/auth/userinfo.email',
        exp: String(Math.floor(Date.now() / 1000) + expiresIn),
        expires_in: String(expiresIn),
        ...(account.email === undefined
          ? {}
          : { email: account.email, email_verified: String(account.email_verified ?? false) }),
        access_type: 'online',
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/v1/userinfo') {
      const token = bearer === undefined ? undefined : this.googleTokens.get(bearer);
      if (token === undefined || (token.expiresIn ?? 3599) <= 0) {
        send(401, {
          error: 'invalid_request',
          error_description: 'Invalid Credentials',
        });
        return;
      }
      const { account } = token;
      send(200, {
        sub: account.sub,
        ...(account.name === undefined ? {} : { name: account.name }),
        ...(account.email === undefined
          ? {}
          : { email: account.email, email_verified: account.email_verified ?? false }),
      });
      return;
    }
    if (request.method === 'POST' && url.pathname === '/api/oauth2/token') {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const formEncoded = (request.headers['content-type'] ?? '').startsWith(
        'application/x-www-form-urlencoded',
      );
      if (
        !formEncoded ||
        form.get('client_id') !== this.discord.clientId ||
        form.get('client_secret') !== this.discord.clientSecret
      ) {
        send(401, { error: 'invalid_client' });
        return;
      }
      const entry = this.discordCodes.get(form.get('code') ?? '');
      if (
        form.get('grant_type') !== 'authorization_code' ||
        entry === undefined ||
        entry.used ||
        form.get('redirect_uri') !== this.discord.redirectUri
      ) {
        send(400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
        return;
      }
      entry.used = true;
      const accessToken = `discord-access-${++this.counter}`;
      this.discordTokens.set(accessToken, entry.user);
      send(200, {
        token_type: 'Bearer',
        access_token: accessToken,
        expires_in: 604800,
        refresh_token: `discord-refresh-${this.counter}`,
        scope: 'identify email',
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/api/v10/users/@me') {
      const user = bearer === undefined ? undefined : this.discordTokens.get(bearer);
      if (user === undefined) {
        send(401, { message: '401: Unauthorized', code: 0 });
        return;
      }
      send(200, {
        id: user.id,
        username: user.username,
        global_name: user.global_name ?? null,
        discriminator: '0',
        avatar: null,
        ...(user.email === undefined
          ? {}
          : { email: user.email, verified: user.verified ?? false }),
      });
      return;
    }
    send(404, { message: '404: Not Found', code: 0 });
  }
}

/** A loopback port with nothing listening on it (a provider that is down). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export const GOOGLE_CLIENT_ID = 'hypertek-test.apps.googleusercontent.com';
export const DISCORD_CLIENT: DiscordClient = {
  clientId: '111122223333444455',
  clientSecret: 'test-discord-secret',
  redirectUri: 'http://localhost:3000/signin',
};

/** The fake providers on loopback and a test app that signs in through them, both closed after the file. */
export async function startProvidersAndApp() {
  const providers = await IdentityProviderServer.start(DISCORD_CLIENT);
  after(() => providers.close());
  const app = await buildTestApp({ after }, providerConfig(providers.origin));
  return { providers, app };
}

/** A test app whose providers are down: nothing listens where it calls them. */
export async function appWithProvidersDown(t: TestContext): Promise<TestApp> {
  const port = await closedPort();
  return buildTestApp(t, { ...providerConfig(`http://127.0.0.1:${port}`), seedOnStart: false });
}

/** The first sign-ins of one person at once: all answered, one account, created once. */
export function assertOneAccount(answers: LightMyRequestResponse[]): void {
  assert.deepEqual(
    answers.map((a) => a.statusCode),
    answers.map(() => 200),
  );
  assert.equal(new Set(answers.map((a) => String(json(a).user._id))).size, 1);
  assert.equal(answers.filter((a) => json(a).created === true).length, 1);
}

/** API configuration that points both providers at `origin` (a fake server or a closed port). */
export function providerConfig(origin: string, providerTimeoutMs = 5_000) {
  return {
    providerTimeoutMs,
    google: {
      clientId: GOOGLE_CLIENT_ID,
      tokeninfoUrl: `${origin}/tokeninfo`,
      userinfoUrl: `${origin}/v1/userinfo`,
    },
    discord: {
      ...DISCORD_CLIENT,
      tokenUrl: `${origin}/api/oauth2/token`,
      apiUrl: `${origin}/api/v10`,
    },
  };
}
