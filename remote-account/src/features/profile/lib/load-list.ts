import { isCancelled, MESSAGES, type ListResponse } from '@hypertek/shared';

/**
 * The list of a list call, whether the body is the list itself or `{ success, data }` (SPEC §7).
 * Failures are logged only and give an empty list (SPEC §8: "lists stay empty").
 */
export async function loadList<T>(request: Promise<ListResponse<T> | T[]>): Promise<T[]> {
  try {
    const body = await request;
    if (Array.isArray(body)) return body;
    // A body without `success` counts as a success: only an explicit false is a failure.
    if ((body as Partial<ListResponse<T>>).success === false) {
      console.error(MESSAGES.marketFetchFailed, body.message);
      return [];
    }
    return Array.isArray(body.data) ? body.data : [];
  } catch (error) {
    if (!isCancelled(error)) console.error(MESSAGES.marketFetchError, error);
    return [];
  }
}
