/**
 * The host server's release endpoint (`/_release/*`, docs/operations.md, "The release endpoint"),
 * called with the staff member's sign-in token: the server asks the API whether their role may do
 * the action on the remote, and records their name in the registry's history. Same origin as the
 * page (the host's server answers it), so a plain `fetch` with the bearer. The answers' shapes
 * are the contract's (`shared/src/contract/wire/release-status.ts`), which the server's registry
 * uses too.
 */
import { session } from '@hypertek/shared';
import type { ReleaseChange, ReleaseStatus } from '@hypertek/shared/contract';

/** A refusal of the endpoint, with its status (401, 403 another team's remote, 409, …). */
export class ReleaseRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ReleaseRefusal';
  }
}

async function call<T>(
  method: 'GET' | 'POST',
  action: string,
  body?: object,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = {};
  const token = session.getToken();
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (body) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/_release/${action}`, {
    method,
    headers,
    cache: 'no-store',
    ...(body && { body: JSON.stringify(body) }),
    ...(signal && { signal }),
  });
  const answer = (await response.json().catch(() => null)) as
    ({ success?: boolean; message?: string } & T) | null;
  if (!response.ok || answer?.success !== true) {
    throw new ReleaseRefusal(
      answer?.message ?? `The release endpoint answered ${response.status}.`,
      response.status,
    );
  }
  return answer;
}

/** What each action sends. */
export type ReleaseAction =
  | { action: 'preview'; remote: string; version: string; minutes: number }
  | { action: 'canary'; remote: string; version: string; percent: number }
  | { action: 'promote'; remote: string; version: string }
  | { action: 'rollback'; remote: string; reason?: string };

/** What an action answers: a preview its link, the others the recorded change. */
export interface ActionAnswer {
  link?: string;
  expires?: string;
  change?: ReleaseChange;
}

export const releaseEndpoint = {
  status: (signal?: AbortSignal) => call<ReleaseStatus>('GET', 'status', undefined, signal),
  act: ({ action, ...body }: ReleaseAction) => call<ActionAnswer>('POST', action, body),
};
