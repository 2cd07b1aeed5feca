/**
 * Only the code a team released runs (docs/security.md, "Integrity of remotes"). The runtime
 * config carries, per remote, the SHA-384 digests the release registry recorded of its manifest
 * and entry (`integrity`); this federation runtime plugin holds the remote to them:
 * - `fetch`: the manifest's bytes are checked before the runtime reads them;
 * - `createScript`: the entry is loaded with `integrity` and `crossorigin="anonymous"`, so the
 *   browser refuses other bytes; the entry carries the digest of every chunk of the remote (Rspack's
 *   SubresourceIntegrityPlugin) and loads each with `integrity` in turn;
 * - `beforePreloadRemote`: the runtime's own preload of an exposed module's scripts (which would
 *   load chunks past the entry's digests) is left out; the entry loads them, in parallel.
 * A remote without digests is refused (a script whose `integrity` no bytes match) unless the
 * operator allowed unpinned remotes for development (`allowUnpinnedRemotes`). A refusal is kept
 * per remote, so that the failed load is reported as `integrity` (release-reports.ts).
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteName, RuntimeConfig } from '@hypertek/shared';

/** A refused file of a remote: its bytes differ from the recorded digest, or it has none. */
export class RemoteIntegrityError extends Error {
  override name = 'RemoteIntegrityError';
  constructor(
    readonly remote: string,
    readonly file: string,
    reason: string,
  ) {
    super(`${remote}'s ${file} was refused: ${reason}`);
  }
}

/**
 * A well-formed digest that no bytes have (48 zero bytes): what a script without a recorded
 * digest gets. An empty or malformed `integrity` would be ignored by the browser (it fails open).
 */
export const NO_BYTES_MATCH = `sha384-${'A'.repeat(64)}`;

/**
 * The one place a remote's script address is handed to the DOM (`script.src`): where a Trusted
 * Types policy (`require-trusted-types-for 'script'`) turns it into a TrustedScriptURL.
 */
let scriptUrl: (url: string) => string = (url) => url;
export function setScriptUrlPolicy(policy: (url: string) => string): void {
  scriptUrl = policy;
}

/** The Subresource Integrity form (`sha384-<base64>`) of `bytes`' SHA-384 digest. */
export async function sriOf(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `sha384-${btoa(binary)}`;
}

type Pins = NonNullable<RuntimeConfig['integrity']>;

/** What the plugin holds remotes to: their manifests, their digests, the allowance. */
export interface IntegritySettings {
  manifests: Partial<Record<RemoteName, string>>;
  pins: Pins;
  allowUnpinned: boolean;
}

/** The address of a remote's file relative to its manifest's folder, or null when outside it. */
function pathIn(manifest: string, url: string): string | null {
  const base = new URL('.', manifest).href;
  const absolute = new URL(url, base).href;
  return absolute.startsWith(base) ? absolute.slice(base.length).replace(/[?#].*$/, '') : null;
}

/** The address in a chunk's load error (webpack's ChunkLoadError: `request`, or its message). */
function chunkAddress(error: unknown): string | null {
  if (error === null || typeof error !== 'object') return null;
  const { request, type, message } = error as {
    request?: unknown;
    type?: unknown;
    message?: unknown;
  };
  if (type !== undefined && type !== 'error') return null; // a timeout or a missing chunk
  if (typeof request === 'string') return request;
  return typeof message === 'string' ? (/\(error: (\S+)\)/.exec(message)?.[1] ?? null) : null;
}

/** Whether `url` answers as a script would be asked for it (CORS, no credentials). */
async function answers(url: string): Promise<ArrayBuffer | null> {
  try {
    const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
    return response.ok ? await response.arrayBuffer() : null;
  } catch {
    return null;
  }
}

export function createRemoteIntegrity(initial: IntegritySettings) {
  let settings = initial;
  const refusals = new Map<string, RemoteIntegrityError>();
  const pending = new Map<string, Promise<void>>();
  const refuse = (error: RemoteIntegrityError) => {
    refusals.set(error.remote, error);
    return error;
  };
  const pinsOf = (remote: string) => settings.pins[remote as RemoteName];
  const manifestOf = (remote: string) => settings.manifests[remote as RemoteName];
  /** The remote whose manifest is `url`. */
  const remoteOfManifest = (url: string) =>
    Object.entries(settings.manifests).find(([, manifest]) => manifest === url)?.[0];

  /** After a script of `remote` failed: was it refused for its bytes? (fetched again to see) */
  const probe = (remote: string, file: string, url: string, digest: string) => {
    const done = answers(url).then(async (bytes) => {
      if (bytes && (await sriOf(bytes)) !== digest)
        refuse(new RemoteIntegrityError(remote, file, 'its bytes differ from the recorded digest'));
    });
    pending.set(remote, done);
    return done;
  };

  /** The manifest of `remote`, its bytes checked before the runtime reads them. */
  const verifiedManifest = async (
    remote: string,
    url: string,
    init: RequestInit,
    digest: string,
  ): Promise<Response> => {
    const response = await fetch(url, init);
    if (!response.ok) return response; // unreachable, not tampered: a load failure
    const bytes = await response.arrayBuffer();
    if ((await sriOf(bytes)) !== digest)
      throw refuse(
        new RemoteIntegrityError(
          remote,
          'mf-manifest.json',
          'its bytes differ from the recorded digest',
        ),
      );
    return new Response(bytes, { status: response.status, headers: response.headers });
  };

  const plugin: ModuleFederationRuntimePlugin = {
    name: 'hypertek-remote-integrity',

    fetch(url, init) {
      const remote = remoteOfManifest(url);
      if (!remote) return; // not a configured remote's manifest: the runtime's own fetch
      const digest = pinsOf(remote)?.['mf-manifest.json'];
      if (digest) return verifiedManifest(remote, url, init, digest);
      if (settings.allowUnpinned) return;
      return Promise.reject(
        refuse(new RemoteIntegrityError(remote, 'mf-manifest.json', 'no digest recorded')),
      );
    },

    createScript({ url, attrs, remoteInfo }) {
      const remote = remoteInfo?.name;
      const manifest = remote ? manifestOf(remote) : undefined;
      if (!remote || !manifest) return undefined; // not one of the configured remotes
      const pins = pinsOf(remote);
      if (!pins && settings.allowUnpinned) return undefined;
      const file = pathIn(manifest, url) ?? url;
      const digest = pins?.[file];
      const script = document.createElement('script');
      for (const [name, value] of Object.entries(attrs ?? {}))
        if (typeof value === 'string') script.setAttribute(name, value);
      script.crossOrigin = 'anonymous';
      if (digest) {
        script.integrity = digest;
        script.addEventListener('error', () => void probe(remote, file, url, digest));
      } else {
        script.integrity = NO_BYTES_MATCH;
        refuse(new RemoteIntegrityError(remote, file, 'no digest recorded'));
      }
      script.src = scriptUrl(url);
      return script;
    },

    beforePreloadRemote({ preloadOps }) {
      for (const op of preloadOps) op.filter = (asset) => !/\.m?js(?:[?#]|$)/.test(asset);
    },
  };

  return {
    plugin,
    configure(next: IntegritySettings) {
      settings = next;
      refusals.clear();
    },
    /**
     * Why `remote`'s load failed with `error`, when its code was refused: an
     * `RemoteIntegrityError` (the manifest's or entry's check, or a chunk the server answers but
     * the browser would not run); null for any other failure.
     */
    async refusalOf(remote: string, error: unknown): Promise<RemoteIntegrityError | null> {
      await pending.get(remote);
      const known = refusals.get(remote);
      if (known) return known;
      const manifest = manifestOf(remote);
      const chunk = chunkAddress(error);
      if (!manifest || !chunk || pathIn(manifest, chunk) === null) return null;
      // The chunk's server answers it, yet the browser would not run it: its bytes differ from
      // the digest the (pinned) entry carries.
      if (!(await answers(chunk))) return null;
      return refuse(
        new RemoteIntegrityError(
          remote,
          pathIn(manifest, chunk) ?? chunk,
          "its bytes differ from the digest in the remote's entry",
        ),
      );
    },
    /** A refusal is forgotten once the remote is loaded anew (a retry). */
    forget(remote: string) {
      refusals.delete(remote);
      pending.delete(remote);
    },
  };
}
