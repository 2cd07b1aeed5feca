import type { ListResponse } from '../contract';

/** A list call answered `success: false`; `message` is the server's. */
export class ListCallFailed extends Error {
  constructor(message: string | undefined) {
    super(message ?? '');
    this.name = 'ListCallFailed';
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
