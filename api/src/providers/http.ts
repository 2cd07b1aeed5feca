/**
 * One HTTP call to an identity provider: Node's fetch with a time limit, the answer read as JSON.
 * Whatever keeps us from getting an answer (refused connection, DNS, timeout, a body that is not
 * JSON) is a ProviderUnreachableError; the caller decides what each HTTP status means.
 */

export class ProviderUnreachableError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`${new URL(url).origin}: ${reason}`);
    this.name = 'ProviderUnreachableError';
  }
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body; null when the body was empty or not JSON on an error status. */
  body: unknown;
}

export async function callProvider(
  url: string,
  init: ProviderRequest,
  timeoutMs: number,
): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : `unreachable (${describe(error)})`;
    throw new ProviderUnreachableError(url, reason);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ProviderUnreachableError(url, `answer cut short (${describe(error)})`);
  }
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // A 2xx that is not JSON is no answer at all; on an error status the status says enough.
    if (response.ok) throw new ProviderUnreachableError(url, 'answered something other than JSON');
  }
  return { status: response.status, body };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  return code === '' ? error.message : `${error.message}: ${code}`;
}

/** A JSON object's fields, or an empty record for anything else (arrays, null, text). */
export const fields = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};

export const stringField = (body: Record<string, unknown>, key: string): string | null => {
  const value = body[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/**
 * A provider's caller: `unreachable` turns "no usable answer" into that provider's 502 (it logs
 * the reason and throws), so each provider only maps the statuses it understands.
 */
export function providerCaller(timeoutMs: number, unreachable: (details: object) => never) {
  return async (url: string, init: ProviderRequest): Promise<ProviderAnswer> => {
    try {
      return await callProvider(url, init, timeoutMs);
    } catch (error) {
      if (error instanceof ProviderUnreachableError) return unreachable({ reason: error.message });
      throw error;
    }
  };
}
