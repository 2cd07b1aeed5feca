/**
 * Stands in for the API under the shared axios instance: the adapter of `http` is replaced, so
 * the real client, its interceptors and the endpoint functions all run, and nothing leaves jsdom.
 */
import { getRuntimeConfig, http } from '@hypertek/shared';

type Adapter = Extract<NonNullable<typeof http.defaults.adapter>, (config: never) => unknown>;
type AdapterResponse = Awaited<ReturnType<Adapter>>;

/** A request as the API received it: method, path and query below the API base, parsed body. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, unknown>;
}

export interface Reply {
  status?: number;
  data?: unknown;
}

/** Answers keyed by 'METHOD /path' (no query): a reply, or a promise of one (settled later). */
export type Routes = Record<string, (request: SentRequest) => Reply | Promise<Reply>>;

const parse = (data: unknown): unknown => {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
};

/** The full URL of a request: base URL, path and query parameters, as the server sees it. */
function requestUrl(config: Parameters<Adapter>[0]): string {
  const url = new URL(`${config.baseURL ?? ''}${config.url ?? ''}`);
  for (const [key, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number')
      url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/**
 * Serves `routes` and gives back the list of requests received, in order. A route with no answer
 * is a 404. Non-2xx answers reject as axios does (an error carrying `response`).
 */
export function serveApi(routes: Routes = {}): SentRequest[] {
  const received: SentRequest[] = [];
  const adapter: Adapter = async (config) => {
    const url = requestUrl(config).replace(getRuntimeConfig().apiBaseUrl, '');
    const method = (config.method ?? 'get').toUpperCase();
    const request: SentRequest = {
      method,
      url,
      body: parse(config.data),
      headers: config.headers.toJSON(),
    };
    received.push(request);
    const route = routes[`${method} ${url.split('?')[0] ?? ''}`];
    const { status = 200, data = { success: true } } = route
      ? await route(request)
      : { status: 404, data: { success: false, message: `No stub for ${method} ${url}` } };
    const response: AdapterResponse = { data, status, statusText: '', headers: {}, config };
    if (status >= 200 && status < 300) return response;
    // What axios.isAxiosError and errorMessage() look for.
    throw Object.assign(new Error(`Request failed with status code ${status}`), {
      name: 'AxiosError',
      isAxiosError: true,
      config,
      response,
    });
  };
  http.defaults.adapter = adapter;
  return received;
}
