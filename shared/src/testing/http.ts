/**
 * Stands in for the API under the shared HTTP client: the adapter of `http` is replaced, so the
 * real client, its interceptors and the endpoint functions all run, and nothing leaves jsdom.
 */
import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

import { http } from '../api/http-client';
import { queryClient } from '../data/query-client';
import { getRuntimeConfig } from '../config/runtime-config';

/** A request as the API received it: method, path and query below the API base, parsed body. */
export interface SentRequest {
  method: string;
  /** Path and query below the API base, e.g. '/search/search?query=neo'. */
  url: string;
  /** The path alone (what routes are keyed by). */
  path: string;
  /** The query parameters as the caller passed them. */
  params: Record<string, unknown>;
  /** JSON bodies parsed back to objects; other bodies (FormData) as they were sent. */
  body: unknown;
  headers: Record<string, unknown>;
  /** The request as axios built it, after the interceptors. */
  config: InternalAxiosRequestConfig;
}

export interface Reply {
  status?: number;
  data?: unknown;
}

/** A reply, or a function of the request giving one or a promise of one (settled later). */
export type Route = Reply | ((request: SentRequest) => Reply | Promise<Reply>);

/**
 * Answers keyed by 'METHOD /path' (no query). A key ending in '*' matches every path it starts
 * with ('GET /history/*'); the key '*' alone answers whatever no other route does.
 */
export type Routes = Record<string, Route>;

const parse = (data: unknown): unknown => {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
};

/** The full URL a request went to (base URL, path and query), as the server sees it. */
export const sentUrl = (request: SentRequest | InternalAxiosRequestConfig): string =>
  axios.getUri('config' in request ? request.config : request);

function findRoute(routes: Routes, method: string, path: string): Route | undefined {
  const key = `${method} ${path}`;
  if (key in routes) return routes[key];
  const prefix = Object.keys(routes).find(
    (route) => route.endsWith('*') && route !== '*' && key.startsWith(route.slice(0, -1)),
  );
  return prefix === undefined ? routes['*'] : routes[prefix];
}

/**
 * Serves `routes` and gives back the list of requests received, in order. A route with no answer
 * is a 404. Non-2xx answers reject as axios does (an `AxiosError` carrying `response`).
 */
export function serveApi(routes: Routes = {}): SentRequest[] {
  const received: SentRequest[] = [];
  http.defaults.adapter = async (config) => {
    const url = sentUrl(config).replace(getRuntimeConfig().apiBaseUrl, '');
    const method = (config.method ?? 'get').toUpperCase();
    const path = url.split('?')[0] ?? '';
    const request: SentRequest = {
      method,
      url,
      path,
      params: (config.params ?? {}) as Record<string, unknown>,
      body: parse(config.data),
      headers: config.headers.toJSON(),
      config,
    };
    received.push(request);
    const route = findRoute(routes, method, path);
    const { status = 200, data = { success: true } } = route
      ? typeof route === 'function'
        ? await route(request)
        : route
      : { status: 404, data: { success: false, message: `No stub for ${method} ${url}` } };
    const response: AxiosResponse = { data, status, statusText: '', headers: {}, config };
    if (status >= 200 && status < 300) return response;
    const message = `Request failed with status code ${status}`;
    throw new AxiosError(message, 'ERR_BAD_RESPONSE', config, null, response);
  };
  return received;
}

/** Answers every request with `status` and `data`: `serveApi` with one catch-all route. */
export const serve = (status = 200, data: unknown = { success: true }): SentRequest[] =>
  serveApi({ '*': { status, data } });

/** A route that never answers: the request stays in flight. */
export const pending = (): Promise<Reply> => new Promise<Reply>(() => undefined);

/**
 * A promise the test settles when it wants: for answers that arrive later or out of order. As a
 * route, `route` answers with it (to see what shows while a call is on its way).
 */
export function deferred<T = Reply>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject, route: () => promise };
}

/** What reached the server, without the headers: method, path and query, parsed body. */
export const calls = (sent: SentRequest[]) =>
  sent.map(({ method, url, body }) => ({ method, url, body }));

/** Puts the network back as it was: no stub (requests would fail, there is no `fetch`). */
export function stopServing(): void {
  delete http.defaults.adapter;
  // What one test read is not another's: the shared data cache starts empty.
  queryClient.clear();
}
