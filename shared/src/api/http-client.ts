/**
 * The HTTP client of SPEC §7: axios, base URL from runtime config, bearer token attached when
 * signed in, no timeout, 2xx is success.
 */
import axios, { type AxiosInstance } from 'axios';

import { MESSAGES } from '../contract/messages';
import { getRuntimeConfig } from '../config/runtime-config';
import { session } from '../session/session-store';

export const http: AxiosInstance = axios.create();

http.interceptors.request.use((request) => {
  request.baseURL = getRuntimeConfig().apiBaseUrl;
  const token = session.getToken();
  if (token && !request.headers.has('Authorization'))
    request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

/** The server's `message` when it sent one, else the fallback ('Something went wrong'). */
export function errorMessage(
  error: unknown,
  fallback: string = MESSAGES.somethingWentWrong,
): string {
  if (axios.isAxiosError(error)) {
    const data: unknown = error.response?.data;
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
export const isCancelled = (error: unknown): boolean => axios.isCancel(error);
