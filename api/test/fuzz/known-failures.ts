/**
 * Failure classes the sweep finds today whose fixes are under way in the API's source. Each is
 * named, says what fails, and matches its failures narrowly (route and input), so anything else
 * still fails the suite. The sweep reports them as `todo` tests: when a fix lands, its todo test
 * passes and the entry here should be deleted, which makes the class a hard failure again.
 */
export interface Failure {
  /** `METHOD /path` as the OpenAPI document names it. */
  op: string;
  /** The classes of the inputs sent (path, query, body, token). */
  label: string;
  status: number;
  url: string;
  /** The request carried a NUL character (URL or body). */
  nul: boolean;
  kind: '5xx' | 'without message' | 'error log' | 'undocumented status' | 'schema mismatch';
  detail: string;
}

export interface KnownFailureClass {
  name: string;
  why: string;
  matches: (failure: Failure) => boolean;
}

// None today: the classes the sweep first found (NUL reaching a query, a multipart body parsed
// before the token, cursors with dates PostgreSQL cannot store) are fixed, so any such failure
// now fails the suite. Add a class here only with its fix under way.
export const KNOWN_FAILURE_CLASSES: KnownFailureClass[] = [];

export function classify(failure: Failure): string | null {
  return KNOWN_FAILURE_CLASSES.find((k) => k.matches(failure))?.name ?? null;
}
