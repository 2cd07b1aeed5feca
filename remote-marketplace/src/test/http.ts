/**
 * Stands in for the network under the shared HTTP client (`http.defaults.adapter`) in tests:
 * each request is answered by the first route whose method and path match.
 */
import { http } from '@hypertek/shared';

type Adapter = NonNullable<typeof http.defaults.adapter>;
type RequestConfig = Parameters<Adapter>[0];

export interface Reply {
  status?: number;
  data: unknown;
}

/** A route: 'GET /market/getMarket' (path prefix) → a reply, or a function giving one (or a promise). */
export type Routes = Record<string, Reply | ((config: RequestConfig) => Reply | Promise<Reply>)>;

export interface SentRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  data: unknown;
}

/** An error as axios makes it for a non-2xx answer (what `errorMessage` reads). */
function httpError(config: RequestConfig, status: number, data: unknown) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    config,
    response: { status, data, headers: {}, config },
  });
}

/** Answers requests from `routes`; a request no route matches fails with 404. Returns what was sent. */
export function serve(routes: Routes): SentRequest[] {
  const sent: SentRequest[] = [];
  http.defaults.adapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    sent.push({
      method,
      url,
      params: (config.params ?? {}) as Record<string, unknown>,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    });
    const key = Object.keys(routes).find((route) => {
      const [routeMethod, path = ''] = route.split(' ');
      return routeMethod === method && url.startsWith(path);
    });
    const route = key === undefined ? undefined : routes[key];
    const reply: Reply = route
      ? typeof route === 'function'
        ? await route(config)
        : route
      : { status: 404, data: { success: false, message: `No route for ${method} ${url}` } };
    const status = reply.status ?? 200;
    if (status < 200 || status >= 300) throw httpError(config, status, reply.data);
    return { data: reply.data, status, statusText: '', headers: {}, config };
  };
  return sent;
}

/** A reply that waits until the test calls `resolve` (to see what shows while a call is on its way). */
export function deferred() {
  let resolve!: (reply: Reply) => void;
  const promise = new Promise<Reply>((done) => (resolve = done));
  return { promise, resolve, route: () => promise };
}

/** A list answer as the API sends it. */
export const list = (data: unknown[], nextCursor: string | null = null): Reply => ({
  data: { success: true, message: 'ok', data, nextCursor },
});

afterEach(() => {
  delete http.defaults.adapter;
});
