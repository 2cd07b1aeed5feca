// Who may release what, for a bearer that is not RELEASE_TOKEN: the API's answer
// (`POST …/releases/authorize`) for a release token scoped to one remote, or a staff member's
// sign-in (docs/operations.md, "Shipping a remote", "Roles and tokens").

/** The API's answer for a bearer: its name in the history, and whether it may (why not, if not). */
export interface Authorization {
  allowed: boolean;
  actor: string;
  reason?: string;
}

/** Why a bearer gets no authorisation: refused by the API (its status and words), or no answer. */
export class AuthorizationError extends Error {
  constructor(
    message: string,
    /** The API's refusal (401, 400, 429), or 503 when it could not be asked. */
    readonly status: number,
  ) {
    super(message);
  }
}

export type Authorizer = (
  bearer: string,
  action: string,
  remote: string | undefined,
) => Promise<Authorization>;

/** The statuses of the API's that are the caller's to hear: the rest mean it could not answer. */
const CALLER_STATUSES = new Set([400, 401, 429]);

/** Asks the API at `apiBaseUrl` (3 s at most); anything but an answer fails closed (503). */
export function releaseAuthorizerFrom(apiBaseUrl: string, fetchImpl = fetch): Authorizer {
  const url = `${apiBaseUrl.replace(/\/+$/, '')}/releases/authorize`;
  const unavailable = (why: string) =>
    new AuthorizationError(
      `The release endpoint cannot check this token now: the API ${why}. Nothing was done; try again, or use RELEASE_TOKEN.`,
      503,
    );
  return async (bearer, action, remote) => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(remote === undefined ? { action } : { action, remote }),
        signal: AbortSignal.timeout(3_000),
      });
    } catch {
      throw unavailable('is not reachable');
    }
    const body = (await response.json().catch(() => null)) as {
      message?: unknown;
      data?: Authorization;
    } | null;
    if (CALLER_STATUSES.has(response.status) && typeof body?.message === 'string')
      throw new AuthorizationError(body.message, response.status);
    const data = body?.data;
    if (!response.ok || typeof data?.allowed !== 'boolean' || typeof data.actor !== 'string')
      throw unavailable(`answered ${response.status}`);
    return data;
  };
}
