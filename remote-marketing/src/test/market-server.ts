/**
 * Stands in for the API under `http` from @hypertek/shared: each request waits until the test
 * answers it, so a test can look at the page while a call is still in flight.
 */
import { http } from '@hypertek/shared';

type Adapter = NonNullable<typeof http.defaults.adapter>;
type Config = Parameters<Adapter>[0];

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
  http.defaults.adapter = (config: Config) =>
    new Promise((resolve, reject) => {
      pending.push({
        url: config.url ?? '',
        params: config.params,
        reply: (data) => resolve({ data, status: 200, statusText: 'OK', headers: {}, config }),
        fail: (message = 'Network Error') => reject(new Error(message)),
      });
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
