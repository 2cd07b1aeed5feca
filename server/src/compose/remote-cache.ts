// Files from other origins (a remote's snapshot, manifest, stylesheet and Node build; the API's
// first reads), as the host's server keeps them: a few seconds, then revalidated with their ETag.
// A remote redeployed alone is so picked up within seconds, and one that does not answer in time
// leaves the last good copy in use.

interface Entry {
  body: string | null;
  etag: string | null;
  status: number | null;
  refusal: string | null;
  at: number;
  okAt: number;
  pending: Promise<string | null> | null;
}

export interface RemoteCache {
  /** The body of `url`, or null when it has none (or never answered). */
  get: (url: string) => Promise<string | null>;
  /**
   * The HTTP status and body of `url`'s last answer (a refusal's body too); null when it never
   * answered. For an API read whose refusal matters (an item page's 404).
   */
  answer: (url: string) => Promise<{ status: number; body: string | null } | null>;
  /** How long ago `url`'s kept body was last confirmed by its origin (Infinity: never). */
  age: (url: string) => number;
}

/**
 * Files from other origins, kept `ttlMs` and then revalidated; a failed or slow answer keeps the
 * last good copy. Concurrent requests for one URL share one fetch.
 */
export function createRemoteCache({
  ttlMs = 5_000,
  timeoutMs = 400,
  fetchImpl = fetch,
  log = () => {},
}: {
  ttlMs?: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  log?: (line: string) => void;
} = {}): RemoteCache {
  const entries = new Map<string, Entry>();
  /** One answer of `url`, read whole, or a TimeoutError after `timeoutMs` whatever the fetch does. */
  const fetchWithin = async (url: string, headers: Record<string, string>) => {
    // A timer of our own, not AbortSignal.timeout(): that signal is held weakly and a garbage
    // collection can drop it with its abort, leaving the fetch, and every page waiting on this
    // URL, pending for ever (undici#4068). And a race on top: the answer settles in time even if
    // an abort is not heard.
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`no answer in ${timeoutMs} ms`);
        error.name = 'TimeoutError';
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    });
    const reading = (async () => {
      const response = await fetchImpl(url, { headers, signal: controller.signal });
      // A success's body must arrive whole; a refusal's says why when it can.
      const text =
        response.status === 304
          ? ''
          : response.ok
            ? await response.text()
            : await response.text().catch(() => '');
      return { status: response.status, ok: response.ok, etag: response.headers.get('etag'), text };
    })();
    reading.catch(() => {}); // settled by the deadline first: its own failure is not news
    try {
      return await Promise.race([reading, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };
  const refresh = async (url: string, entry: Entry) => {
    try {
      const headers: Record<string, string> = entry.etag ? { 'If-None-Match': entry.etag } : {};
      const response = await fetchWithin(url, headers);
      if (response.status === 304 && entry.body !== null) {
        entry.at = entry.okAt = Date.now();
      } else if (response.ok) {
        entry.body = response.text;
        entry.etag = response.etag;
        entry.status = response.status;
        entry.refusal = null;
        entry.at = entry.okAt = Date.now();
      } else {
        // Gone (404: the remote has no snapshot of this page, or no longer) — remember that too.
        // The body of a refusal is kept aside: an API's 404 says why (`answer`).
        entry.body = null;
        entry.etag = null;
        entry.status = response.status;
        entry.refusal = response.text;
        entry.at = Date.now();
      }
    } catch (error) {
      const { name, message } = error as Error;
      log(
        `compose: ${url} not fetched (${name === 'TimeoutError' ? 'timeout' : message}); ${entry.body === null ? 'none kept' : 'using the last copy'}`,
      );
      entry.at = Date.now() - ttlMs / 2; // retry sooner than a good answer would
    }
    return entry.body;
  };
  const get = (url: string): Promise<string | null> => {
    let entry = entries.get(url);
    if (!entry) {
      entry = {
        body: null,
        etag: null,
        status: null,
        refusal: null,
        at: 0,
        okAt: 0,
        pending: null,
      };
      entries.set(url, entry);
    }
    if (Date.now() - entry.at < ttlMs) return Promise.resolve(entry.body);
    const kept = entry;
    kept.pending ??= refresh(url, kept).finally(() => (kept.pending = null));
    return kept.pending;
  };
  return {
    get,
    async answer(url) {
      await get(url);
      const entry = entries.get(url);
      if (!entry || entry.status === null) return null;
      return { status: entry.status, body: entry.body ?? entry.refusal ?? null };
    },
    age(url) {
      const entry = entries.get(url);
      return entry?.body != null && entry.okAt > 0 ? Date.now() - entry.okAt : Infinity;
    },
  };
}
