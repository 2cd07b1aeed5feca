import { createHash, webcrypto } from 'node:crypto';

import { DEFAULT_RUNTIME_CONFIG } from '@hypertek/shared';

import {
  createRemoteIntegrity,
  NO_BYTES_MATCH,
  RemoteIntegrityError,
  sriOf,
} from '../remote-integrity';

// jsdom has no WebCrypto of its own: Node's, which the browser's matches.
Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

const MANIFEST = DEFAULT_RUNTIME_CONFIG.remotes.checkout;
const ENTRY = new URL('remoteEntry.js', MANIFEST).href;
const manifestText = '{"name":"checkout","metaData":{"remoteEntry":{"name":"remoteEntry.js"}}}';
/** The digest computed by Node (not by the code under test). */
const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const PINS = { 'mf-manifest.json': sha384(manifestText), 'remoteEntry.js': sha384('entry') };
/** `text` with one byte changed. */
const flipOneByte = (text: string) =>
  text.slice(0, 3) + String.fromCharCode(text.charCodeAt(3) ^ 1) + text.slice(4);

/** The remote's server answers `files` (address → body); anything else is a 404. */
function serve(files: Record<string, string>) {
  const fetch = jest.fn((input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = files[url];
    return Promise.resolve(
      body === undefined ? new Response('no', { status: 404 }) : new Response(body),
    );
  });
  // jsdom has no fetch of its own: the remote's server is this double.
  Object.defineProperty(globalThis, 'fetch', { value: fetch, configurable: true, writable: true });
  return fetch;
}

function integrityWith({ pinned = true, allowUnpinned = false } = {}) {
  const integrity = createRemoteIntegrity({
    manifests: { checkout: MANIFEST },
    pins: pinned ? { checkout: PINS } : {},
    allowUnpinned,
  });
  const { plugin } = integrity;
  return {
    refusalOf: (remote: string, error: unknown) => integrity.refusalOf(remote, error),
    fetchManifest: () => plugin.fetch?.(MANIFEST, {}),
    script: (url: string, remote = 'checkout') =>
      plugin.createScript?.({
        url,
        attrs: { fetchpriority: 'high' },
        remoteInfo: {
          name: remote,
          entry: MANIFEST,
          type: 'global',
          entryGlobalName: remote,
          shareScope: 'default',
        },
      }) as HTMLScriptElement | undefined,
    beforePreloadRemote: (args: unknown) => plugin.beforePreloadRemote?.(args as never),
  };
}

describe('sriOf', () => {
  it("gives the Subresource Integrity form of the bytes' SHA-384", async () => {
    await expect(sriOf(new TextEncoder().encode(manifestText).buffer)).resolves.toBe(
      sha384(manifestText),
    );
  });
});

describe('the manifest of a remote', () => {
  it('is handed to the runtime when its bytes match the pinned digest', async () => {
    serve({ [MANIFEST]: manifestText });
    const { fetchManifest, refusalOf } = integrityWith();
    const response = (await fetchManifest()) as Response;
    await expect(response.text()).resolves.toBe(manifestText);
    await expect(refusalOf('checkout', new Error('other'))).resolves.toBeNull();
  });

  it('is refused when one byte differs, and the failed load is the refusal', async () => {
    serve({ [MANIFEST]: flipOneByte(manifestText) });
    const { fetchManifest, refusalOf } = integrityWith();
    await expect(fetchManifest()).rejects.toThrow(
      "checkout's mf-manifest.json was refused: its bytes differ from the recorded digest",
    );
    const refusal = await refusalOf('checkout', new Error('[ Federation Runtime ]: RUNTIME-003'));
    expect(refusal).toBeInstanceOf(RemoteIntegrityError);
    expect(refusal?.file).toBe('mf-manifest.json');
  });

  it('is refused when no digest was recorded, without being fetched', async () => {
    const fetched = serve({ [MANIFEST]: manifestText });
    const { fetchManifest } = integrityWith({ pinned: false });
    await expect(fetchManifest()).rejects.toThrow('no digest recorded');
    expect(fetched).not.toHaveBeenCalled();
  });

  it("is the runtime's own fetch for an unpinned remote only when the operator allowed it", () => {
    const { fetchManifest } = integrityWith({ pinned: false, allowUnpinned: true });
    expect(fetchManifest()).toBeUndefined();
  });

  it('is still checked when unpinned remotes are allowed but this one is pinned', async () => {
    serve({ [MANIFEST]: flipOneByte(manifestText) });
    const { fetchManifest } = integrityWith({ allowUnpinned: true });
    await expect(fetchManifest()).rejects.toThrow('its bytes differ');
  });
});

describe("a remote's script", () => {
  it('is its entry with the pinned digest as integrity, loaded with CORS', () => {
    const script = integrityWith().script(ENTRY);
    expect(script?.integrity).toBe(PINS['remoteEntry.js']);
    expect(script?.crossOrigin).toBe('anonymous');
    expect(script?.src).toBe(ENTRY);
    expect(script?.getAttribute('fetchpriority')).toBe('high');
  });

  it('without a recorded digest gets one that no bytes match, and counts as refused', async () => {
    const { script, refusalOf } = integrityWith();
    const other = script(new URL('static/js/unlisted.js', MANIFEST).href);
    expect(other?.integrity).toBe(NO_BYTES_MATCH);
    expect((await refusalOf('checkout', new Error('x')))?.file).toBe('static/js/unlisted.js');
  });

  it('of an unpinned remote is refused the same way, unless unpinned remotes are allowed', () => {
    expect(integrityWith({ pinned: false }).script(ENTRY)?.integrity).toBe(NO_BYTES_MATCH);
    expect(integrityWith({ pinned: false, allowUnpinned: true }).script(ENTRY)).toBeUndefined();
  });

  it('that fails while its server answers other bytes is reported as refused', async () => {
    serve({ [ENTRY]: flipOneByte('entry') });
    const { script, refusalOf } = integrityWith();
    script(ENTRY)?.dispatchEvent(new Event('error'));
    const refusal = await refusalOf('checkout', new Error('RUNTIME-008'));
    expect(refusal?.file).toBe('remoteEntry.js');
  });

  it('that fails because its server is down is a load failure, not a refusal', async () => {
    serve({});
    const { script, refusalOf } = integrityWith();
    script(ENTRY)?.dispatchEvent(new Event('error'));
    await expect(refusalOf('checkout', new Error('RUNTIME-008'))).resolves.toBeNull();
  });

  it("of another remote (not configured here) is left to the runtime's defaults", () => {
    expect(integrityWith().script('http://elsewhere.test/x.js', 'other')).toBeUndefined();
  });
});

describe("a chunk the remote's entry failed to load", () => {
  const chunk = new URL('static/js/payment.1.js', MANIFEST).href;
  const chunkError = Object.assign(new Error(`Loading chunk 1 failed.\n(error: ${chunk})`), {
    name: 'ChunkLoadError',
    type: 'error',
    request: chunk,
  });

  it('is refused when its server answers it (the browser would not run its bytes)', async () => {
    serve({ [chunk]: 'window.tampered = true' });
    const refusal = await integrityWith().refusalOf('checkout', chunkError);
    expect(refusal?.message).toBe(
      "checkout's static/js/payment.1.js was refused: its bytes differ from the digest in the remote's entry",
    );
  });

  it('is a load failure when its server does not answer, or the load timed out', async () => {
    serve({ [chunk]: 'x' });
    const { refusalOf } = integrityWith();
    const timedOut = Object.assign(new Error(chunkError.message), {
      type: 'timeout',
      request: chunk,
    });
    await expect(refusalOf('checkout', timedOut)).resolves.toBeNull();
    serve({});
    await expect(refusalOf('checkout', chunkError)).resolves.toBeNull();
  });
});

describe("the runtime's preload of an exposed module", () => {
  it('keeps the stylesheets and leaves the scripts to the entry (which has their digests)', () => {
    const ops = [{ nameOrAlias: 'checkout', exposes: ['./payment'] }];
    void integrityWith().beforePreloadRemote({ preloadOps: ops, options: {}, origin: {} });
    const filter = (ops[0] as { filter?: (url: string) => boolean }).filter!;
    expect(filter('http://x.test/static/css/payment.css')).toBe(true);
    expect(filter('http://x.test/static/js/payment.1.js')).toBe(false);
  });
});
