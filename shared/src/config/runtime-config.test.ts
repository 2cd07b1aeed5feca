import {
  apiAssetUrl,
  DEFAULT_RUNTIME_CONFIG,
  getRuntimeConfig,
  loadRuntimeConfig,
  setRuntimeConfig,
} from './runtime-config';

/** Replaces the global fetch (jsdom has none) for one test; restored in afterEach. */
function mockFetch(impl: () => Promise<unknown>) {
  const fetchMock = jest.fn(impl);
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}
const answer = (status: number, body: unknown) => () =>
  Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });

let warn: jest.SpyInstance;
beforeEach(() => {
  setRuntimeConfig({});
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  Reflect.deleteProperty(globalThis, 'fetch');
});

describe('runtime config', () => {
  it('starts from the local defaults', () => {
    expect(getRuntimeConfig()).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(DEFAULT_RUNTIME_CONFIG.apiBaseUrl).toBe('http://localhost:4000/api/v1');
    expect(DEFAULT_RUNTIME_CONFIG.remotes).toEqual({
      marketing: 'http://localhost:3001/mf-manifest.json',
      marketplace: 'http://localhost:3002/mf-manifest.json',
      account: 'http://localhost:3003/mf-manifest.json',
      checkout: 'http://localhost:3004/mf-manifest.json',
    });
  });

  it("sends Discord sign-ins to Discord's authorize page; the return address follows the page", () => {
    expect(DEFAULT_RUNTIME_CONFIG.discordAuthorizeUrl).toBe('https://discord.com/oauth2/authorize');
    expect(DEFAULT_RUNTIME_CONFIG.discordRedirectUri).toBe('');
    expect(
      setRuntimeConfig({
        discordAuthorizeUrl: 'http://127.0.0.1:9/oauth2/authorize',
        discordRedirectUri: 'https://hypertek.example/signin',
      }),
    ).toMatchObject({
      discordAuthorizeUrl: 'http://127.0.0.1:9/oauth2/authorize',
      discordRedirectUri: 'https://hypertek.example/signin',
    });
  });

  it('setRuntimeConfig overrides fields and merges remotes over the defaults', () => {
    const next = setRuntimeConfig({
      apiBaseUrl: 'https://api.hypertek.example/api/v1',
      remotes: { checkout: 'https://pay.hypertek.example/mf-manifest.json' },
    });

    expect(next).toBe(getRuntimeConfig());
    expect(next).toEqual({
      ...DEFAULT_RUNTIME_CONFIG,
      apiBaseUrl: 'https://api.hypertek.example/api/v1',
      remotes: {
        ...DEFAULT_RUNTIME_CONFIG.remotes,
        checkout: 'https://pay.hypertek.example/mf-manifest.json',
      },
    });
  });

  it('setRuntimeConfig does not change the defaults', () => {
    setRuntimeConfig({ remotes: { marketing: 'https://m.example/mf.json' } });
    expect(DEFAULT_RUNTIME_CONFIG.remotes.marketing).toBe('http://localhost:3001/mf-manifest.json');
  });
});

describe('loadRuntimeConfig', () => {
  it('reads the config the web server put in the page, without a request', async () => {
    const fetchMock = mockFetch(answer(200, {}));
    document.body.innerHTML = `<script type="application/json" id="runtime-config">${JSON.stringify({ apiBaseUrl: 'https://inline.example/api/v1' })}</script>`;
    try {
      const config = await loadRuntimeConfig();

      expect(fetchMock).not.toHaveBeenCalled();
      expect(config.apiBaseUrl).toBe('https://inline.example/api/v1');
      expect(config.remotes).toEqual(DEFAULT_RUNTIME_CONFIG.remotes);
    } finally {
      document.body.innerHTML = '';
    }
  });

  it('fetches /config.json without cache and applies it', async () => {
    const fetchMock = mockFetch(
      answer(200, { apiBaseUrl: 'https://api.example/api/v1', stripePublishableKey: 'pk_test_1' }),
    );

    const config = await loadRuntimeConfig();

    expect(fetchMock).toHaveBeenCalledWith('/config.json', { cache: 'no-cache' });
    expect(config).toEqual({
      ...DEFAULT_RUNTIME_CONFIG,
      apiBaseUrl: 'https://api.example/api/v1',
      stripePublishableKey: 'pk_test_1',
    });
    expect(getRuntimeConfig()).toBe(config);
  });

  it('fetches another URL when given one', async () => {
    const fetchMock = mockFetch(answer(200, {}));
    await loadRuntimeConfig('/env/config.json');
    expect(fetchMock).toHaveBeenCalledWith('/env/config.json', { cache: 'no-cache' });
  });

  it.each([
    ['a 404', answer(404, { apiBaseUrl: 'https://wrong.example' })],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'a body that is not JSON',
      () =>
        Promise.resolve({
          ok: true,
          status: 200,
          json: () => Promise.reject(new SyntaxError('Unexpected token <')),
        }),
    ],
    ['a null body', answer(200, null)],
  ])('keeps the defaults on %s and warns', async (_, impl) => {
    mockFetch(impl);

    await expect(loadRuntimeConfig()).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(getRuntimeConfig()).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(warn).toHaveBeenCalledWith(
      '[hypertek] runtime config not loaded, using defaults',
      expect.any(Error),
    );
  });
});

describe('apiAssetUrl', () => {
  it.each([null, undefined, ''])('gives undefined for %p', (path) => {
    expect(apiAssetUrl(path)).toBeUndefined();
  });

  it.each([
    'https://cdn.example/a.png',
    'http://cdn.example/a.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'blob:http://localhost:3000/4f1c',
  ])('leaves the absolute URL %p untouched', (url) => {
    expect(apiAssetUrl(url)).toBe(url);
  });

  it('joins a path to the API origin (not the /api/v1 base)', () => {
    expect(apiAssetUrl('/uploads/ab12.png')).toBe('http://localhost:4000/uploads/ab12.png');
    expect(apiAssetUrl('uploads/ab12.png')).toBe('http://localhost:4000/uploads/ab12.png');
  });

  it('follows the configured API host', () => {
    setRuntimeConfig({ apiBaseUrl: 'https://api.hypertek.example/api/v1' });
    expect(apiAssetUrl('/uploads/ab12.png')).toBe('https://api.hypertek.example/uploads/ab12.png');
  });
});
