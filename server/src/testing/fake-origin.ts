// WARNING: for tests only. A fake network for the composer's reads: an answer per URL (a status,
// a body, an ETag honoured with If-None-Match) or a failure to connect, and the URLs asked.

/** What the fake origin answers for each URL: a file, or an error (the connection fails). */
export type OriginFiles = Record<string, { body: string; etag?: string; status?: number } | Error>;

export function fakeOrigin(files: OriginFiles): {
  calls: string[];
  fetchImpl: (url: string | URL | Request, init?: RequestInit) => Promise<Response>;
} {
  const calls: string[] = [];
  const fetchImpl = (url: string | URL | Request, init?: RequestInit) => {
    const address = url instanceof Request ? url.url : String(url);
    calls.push(address);
    const file = files[address];
    if (file instanceof Error) return Promise.reject(file);
    if (!file) return Promise.resolve(new Response('missing', { status: 404 }));
    const headers = (init?.headers ?? {}) as Record<string, string | undefined>;
    if (file.etag !== undefined && headers['If-None-Match'] === file.etag)
      return Promise.resolve(new Response(null, { status: 304 }));
    return Promise.resolve(
      new Response(file.body, {
        status: file.status ?? 200,
        headers: file.etag === undefined ? {} : { ETag: file.etag },
      }),
    );
  };
  return { calls, fetchImpl };
}
