/**
 * The HTTP client (docs/product.md, API calls): axios, base URL from runtime config, bearer token attached when
 * signed in, no timeout, 2xx is success.
 *
 * axios is ~21 KB gzip, so it loads with the first request instead of before the first paint;
 * `http` keeps the axios calling convention (`get`, `post`, `put`, `patch`, `delete`) and returns axios responses.
 */
import type { AxiosAdapter, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';

import { getRuntimeConfig } from '../config/runtime-config';
import { MESSAGES } from '../contract/messages';
import { onFirstIntent } from '../dom/on-first-intent';
import { session } from '../session/session-store';

let instance: Promise<AxiosInstance> | null = null;
/** The client once loaded: calls then go straight to it, exactly as with a plain axios instance. */
let loaded: AxiosInstance | null = null;

function load(): Promise<AxiosInstance> {
  return (instance ??= import(/* webpackChunkName: "http-client" */ 'axios').then(
    ({ default: axios }) => {
      const client = axios.create();
      client.interceptors.request.use((request) => {
        request.baseURL = getRuntimeConfig().apiBaseUrl;
        const token = session.getToken();
        if (token && !request.headers.has('Authorization'))
          request.headers.set('Authorization', `Bearer ${token}`);
        if (http.defaults.adapter) request.adapter = http.defaults.adapter;
        return request;
      });
      return (loaded = client);
    },
  ));
}

const withClient = <T>(call: (client: AxiosInstance) => Promise<T>): Promise<T> =>
  loaded ? call(loaded) : load().then(call);

/** Load axios ahead of the first request. */
export const preloadHttp = (): Promise<void> => load().then(() => undefined);

/**
 * Loads axios at the visitor's first sign of intent (`onFirstIntent`) instead of with the page: a
 * drawn page has its data in its HTML, so a visitor who only reads never needs it, and the page's
 * first screen carries ~20 kB less script; a request made before any intent loads it itself.
 * Returns the function that stops listening.
 */
export const preloadHttpOnIntent = (target: EventTarget = window): (() => void) =>
  onFirstIntent(() => void preloadHttp(), target);

export interface HttpClient {
  /** WARNING: for tests only — replaces the network under every request (see @hypertek/shared/testing). */
  defaults: { adapter?: AxiosAdapter };
  get<T>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  post<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  put<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  patch<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  delete<T>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
}

export const http: HttpClient = {
  defaults: {},
  get: (url, config) => withClient((client) => client.get(url, config)),
  post: (url, data, config) => withClient((client) => client.post(url, data, config)),
  put: (url, data, config) => withClient((client) => client.put(url, data, config)),
  patch: (url, data, config) => withClient((client) => client.patch(url, data, config)),
  delete: (url, config) => withClient((client) => client.delete(url, config)),
};

interface AxiosLikeError {
  isAxiosError?: boolean;
  response?: { data?: unknown };
}

/** The server's `message` when it sent one, else the fallback ('Something went wrong'). */
export function errorMessage(
  error: unknown,
  fallback: string = MESSAGES.somethingWentWrong,
): string {
  const failure = error as AxiosLikeError | null;
  if (failure?.isAxiosError === true) {
    const data = failure.response?.data;
    if (
      data &&
      typeof data === 'object' &&
      'message' in data &&
      typeof data.message === 'string' &&
      data.message
    ) {
      return data.message;
    }
  }
  return fallback;
}

/** True when the request was cancelled (a newer search replaced it, a page was left). */
export const isCancelled = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { __CANCEL__?: boolean }).__CANCEL__ === true;
