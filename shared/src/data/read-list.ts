import { MESSAGES } from '@hypertek/shared';

import type { ListResponse } from '../contract';

/** A list call answered `success: false`; `message` is the server's. */
export class ListCallFailed extends Error {
  constructor(message: string | undefined) {
    super(message ?? '');
    this.name = 'ListCallFailed';
  }
}

/** A list call that threw (network, server error): logged, and the list stays empty. */
export class ListCallError extends Error {
  constructor(cause: unknown) {
    super(MESSAGES.marketFetchError, { cause });
    this.name = 'ListCallError';
  }
}

/**
 * Makes a list call with the read's signal. A failure is a ListCallError (the data layer logs it
 * in the product's words), unless the read was cancelled: that stays as it is, and is not logged.
 */
export async function callList<B>(
  request: (signal: AbortSignal) => Promise<B>,
  signal: AbortSignal,
): Promise<B> {
  try {
    return await request(signal);
  } catch (error) {
    throw signal.aborted ? error : new ListCallError(error);
  }
}

/**
 * The list a list call answered, whether the body is the list itself or `{ success, data }`.
 * Only an explicit `success: false` is a failure (thrown as ListCallFailed); a body without
 * `success` counts as a success, and a missing `data` as an empty list.
 */
export function readList<T>(body: ListResponse<T> | T[]): T[] {
  if (Array.isArray(body)) return body;
  if ((body as Partial<ListResponse<T>>).success === false) throw new ListCallFailed(body.message);
  return Array.isArray(body.data) ? body.data : [];
}

/** A read that failed and is not being asked again (a page shows its error, not its loading). */
export const hasFailed = (read: { isError: boolean; isFetching: boolean }): boolean =>
  read.isError && !read.isFetching;
