/**
 * Stands in for the API (serveApi of @hypertek/shared/testing): each request waits until the test
 * answers it, so a test can look at the page while a call is still in flight.
 */
import { serveApi } from '@hypertek/shared/testing';

export interface PendingRequest {
  url: string;
  params: unknown;
  /** Answers 200 with `data`. */
  reply(data: unknown): void;
  /** Fails as a network error does. */
  fail(message?: string): void;
}

export function holdRequests(): PendingRequest[] {
  const pending: PendingRequest[] = [];
  serveApi({
    '*': (request) =>
      new Promise((resolve, reject) => {
        pending.push({
          url: request.path,
          params: request.config.params,
          reply: (data) => resolve({ data }),
          fail: (message = 'Network Error') => reject(new Error(message)),
        });
      }),
  });
  return pending;
}

/** The request to `path` (e.g. '/market/getMarket'), once the page has sent it. */
export function requestTo(pending: PendingRequest[], path: string): PendingRequest {
  const found = pending.find((request) => request.url === path);
  if (!found)
    throw new Error(`no request to ${path}; sent: ${pending.map((r) => r.url).join(', ')}`);
  return found;
}
