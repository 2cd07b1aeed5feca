import type * as Axios from 'axios';
import { AxiosError } from 'axios';

import { setRuntimeConfig } from '../config/runtime-config';
import { session } from '../session/session-store';
import { expiredToken, makeUser, validToken } from '../testing/fixtures';
import { sentUrl, serve, type SentRequest } from '../testing/http';
import type * as HttpClient from './http-client';
import { errorMessage, http, isCancelled } from './http-client';

/** The error a failed request rejects with. */
const failure = (status: number, data: unknown) => {
  serve(status, data);
  return http.get('/getProfile').then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => error,
  );
};

const authorization = (request: SentRequest | undefined) =>
  request?.config.headers.get('Authorization');

beforeEach(() => {
  localStorage.clear();
  session.signOut();
  setRuntimeConfig({});
});

describe('http client', () => {
  it('sends requests to the API base of the runtime config', async () => {
    const requests = serve();
    await http.get('/market/getMarket');

    expect(sentUrl(requests[0]!)).toBe('http://localhost:4000/api/v1/market/getMarket');
  });

  it('follows a runtime config applied after start', async () => {
    const requests = serve();
    setRuntimeConfig({ apiBaseUrl: 'https://api.hypertek.example/api/v1' });
    await http.get('/land/getland');

    expect(sentUrl(requests[0]!)).toBe('https://api.hypertek.example/api/v1/land/getland');
  });

  it('sends no Authorization header when signed out', async () => {
    const requests = serve();
    await http.get('/market/getMarket');

    expect(authorization(requests[0])).toBeUndefined();
  });

  it('sends the bearer token when signed in', async () => {
    const token = validToken();
    session.signIn(makeUser(), token);
    const requests = serve();
    await http.get('/getProfile');

    expect(authorization(requests[0])).toBe(`Bearer ${token}`);
  });

  it('keeps an Authorization header the caller set', async () => {
    session.signIn(makeUser(), validToken());
    const requests = serve();
    await http.get('/getProfile', { headers: { Authorization: 'Bearer other' } });

    expect(authorization(requests[0])).toBe('Bearer other');
  });

  it('sends no token and signs out when the token has expired', async () => {
    session.signIn(makeUser(), expiredToken());
    const requests = serve();
    await http.get('/getProfile');

    expect(authorization(requests[0])).toBeUndefined();
    expect(session.getSnapshot().isLoggedInUser).toBe(false);
  });

  it('has no timeout and resolves 2xx answers', async () => {
    const requests = serve(201, { success: true, token: 't' });
    const response = await http.post('/user/signup', {});

    expect(requests[0]?.config.timeout).toBe(0);
    expect(response.status).toBe(201);
  });
});

describe('errorMessage', () => {
  it("gives the server's message", async () => {
    const error = await failure(400, { success: false, message: 'Email already registered' });
    expect(errorMessage(error)).toBe('Email already registered');
  });

  it.each([
    ['no body', undefined],
    ['a body without message', { success: false }],
    ['an empty message', { message: '' }],
    ['a message that is not text', { message: { code: 42 } }],
    ['an HTML error page', '<html>502 Bad Gateway</html>'],
  ])("gives 'Something went wrong' for %s", async (_, data) => {
    expect(errorMessage(await failure(500, data))).toBe('Something went wrong');
  });

  it('gives the caller fallback when the server sent no message', async () => {
    expect(errorMessage(await failure(500, {}), 'Signup failed')).toBe('Signup failed');
  });

  it('prefers the server message over the caller fallback', async () => {
    const error = await failure(404, { message: 'User not found' });
    expect(errorMessage(error, 'Reset password failed')).toBe('User not found');
  });

  it.each([
    ['a network error', new AxiosError('Network Error', 'ERR_NETWORK')],
    ['a plain Error', new Error('boom')],
    ['a thrown string', 'boom'],
    ['nothing', undefined],
  ])('gives the fallback for %s', (_, error) => {
    expect(errorMessage(error)).toBe('Something went wrong');
  });
});

describe('isCancelled', () => {
  it('is true for a request whose signal was aborted', async () => {
    serve();
    const controller = new AbortController();
    controller.abort();
    const error: unknown = await http
      .get('/search/search', { signal: controller.signal })
      .catch((e: unknown) => e);

    expect(isCancelled(error)).toBe(true);
  });

  it('is false for other failures', async () => {
    expect(isCancelled(await failure(500, {}))).toBe(false);
    expect(isCancelled(new Error('boom'))).toBe(false);
  });
});

describe('preloadHttpOnIntent', () => {
  /** The clients made from axios since the test began. */
  const made = { count: 0 };
  beforeEach(() => (made.count = 0));

  /** A fresh copy of this module, with an axios that counts the clients made from it. */
  async function freshModule() {
    jest.doMock('axios', () => {
      const real = jest.requireActual<typeof Axios>('axios');
      return {
        __esModule: true,
        ...real,
        default: {
          ...real.default,
          create: (...args: Parameters<typeof real.default.create>) => {
            made.count++;
            return real.default.create(...args);
          },
        },
      };
    });
    let module!: typeof HttpClient;
    await jest.isolateModulesAsync(async () => {
      module = await import('./http-client');
    });
    return module;
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  afterEach(() => jest.dontMock('axios'));

  it('loads the client at the first sign of intent, once, and not before', async () => {
    const { preloadHttpOnIntent } = await freshModule();
    const page = new EventTarget();
    const stop = preloadHttpOnIntent(page);

    await settle();
    expect(made.count).toBe(0);

    page.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(made.count).toBe(1);

    page.dispatchEvent(new Event('keydown'));
    await settle();
    expect(made.count).toBe(1);
    stop();
  });

  it('never loads it once stopped; a request still loads it itself', async () => {
    const { preloadHttpOnIntent, http: client } = await freshModule();
    const page = new EventTarget();
    preloadHttpOnIntent(page)();

    page.dispatchEvent(new Event('touchstart'));
    await settle();
    expect(made.count).toBe(0);

    client.defaults.adapter = (config) =>
      Promise.resolve({ data: { ok: true }, status: 200, statusText: 'OK', headers: {}, config });
    await expect(client.get('/market/getMarket')).resolves.toMatchObject({ data: { ok: true } });
    expect(made.count).toBe(1);
  });
});
