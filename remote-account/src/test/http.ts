/**
 * Stands in for the network under `@hypertek/shared`'s HTTP client (`http.defaults.adapter`), the
 * way shared/src/test/http.ts does, without this package depending on axios: a route table of
 * `'METHOD /path'` → reply, and the list of requests as the server would receive them.
 */
import { http } from '@hypertek/shared';

type Adapter = NonNullable<typeof http.defaults.adapter>;
type AdapterConfig = Parameters<Adapter>[0];

export interface Reply {
  status?: number;
  data?: unknown;
}
/** A reply, a function of the request, or `'pending'` (never answers: the request stays in flight). */
export type Route = Reply | 'pending' | ((request: SentRequest) => Reply);

export interface SentRequest {
  method: string;
  url: string;
  /** JSON bodies parsed back to objects; multipart bodies as the FormData that was sent. */
  body: unknown;
  authorization: string | undefined;
}

function readBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/**
 * Answers `http` requests from `routes`; an unknown route answers 404. Non-2xx replies reject as
 * axios does (`isAxiosError`, `response.data`), so `errorMessage` reads the server's message.
 */
export function stubApi(routes: Record<string, Route>): SentRequest[] {
  const sent: SentRequest[] = [];
  http.defaults.adapter = ((config: AdapterConfig) => {
    const request: SentRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: readBody(config.data),
      authorization: config.headers.get('Authorization')?.toString(),
    };
    sent.push(request);
    const route = routes[`${request.method} ${request.url}`] ?? { status: 404, data: {} };
    if (route === 'pending') return new Promise(() => undefined);
    const { status = 200, data = { success: true } } =
      typeof route === 'function' ? route(request) : route;
    const response = { data, status, statusText: '', headers: {}, config };
    if (status >= 200 && status < 300) return Promise.resolve(response);
    return Promise.reject(
      Object.assign(new Error(`Request failed with status code ${status}`), {
        isAxiosError: true,
        config,
        response,
      }),
    );
  }) as Adapter;
  return sent;
}

/** What reached the server, without the headers: method, path and body. */
export const calls = (sent: SentRequest[]) =>
  sent.map(({ method, url, body }) => ({ method, url, body }));
