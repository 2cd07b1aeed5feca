/** Stands in for the network under the shared axios instance in unit tests. */
import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

import { http } from '../api/http-client';

/**
 * Answers every request of `http` with `status` and `data` (non-2xx rejects as axios does) and
 * gives back the list of requests as they were sent, after the interceptors.
 */
export function serve(status = 200, data: unknown = { success: true }) {
  const requests: InternalAxiosRequestConfig[] = [];
  http.defaults.adapter = (config) => {
    requests.push(config);
    const response: AxiosResponse = { data, status, statusText: '', headers: {}, config };
    if (status >= 200 && status < 300) return Promise.resolve(response);
    const message = `Request failed with status code ${status}`;
    return Promise.reject(new AxiosError(message, 'ERR_BAD_RESPONSE', config, null, response));
  };
  return requests;
}

/** The full URL a request went to (base URL, path and query), as the server sees it. */
export const sentUrl = (config: InternalAxiosRequestConfig): string => axios.getUri(config);
