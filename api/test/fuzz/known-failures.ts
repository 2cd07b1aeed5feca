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
  kind: '5xx' | 'without message' | 'error log';
  detail: string;
}

export interface KnownFailureClass {
  name: string;
  why: string;
  matches: (failure: Failure) => boolean;
}

const serverFault = (f: Failure) => f.status >= 500 && f.kind !== 'without message';

export const KNOWN_FAILURE_CLASSES: KnownFailureClass[] = [
  {
    name: 'NUL character reaching a database query',
    why:
      'PostgreSQL refuses text holding U+0000 ("invalid byte sequence for encoding UTF8: 0x00"): ' +
      'GET /search/search?query=a%00b and GET /payment/payment-intent/%00 answer 500 and log an ' +
      'error; NUL and control characters must be refused with a 400 before any query',
    matches: (f) => f.nul && serverFault(f),
  },
  {
    name: 'multipart body that does not parse (PUT /profile)',
    why:
      'a multipart body without a boundary ("Multipart: Boundary not found"), with another ' +
      'boundary than announced, or cut short ("Unexpected end of multipart data") answers 500 ' +
      'and logs an error, with or without a token (the body is parsed before the token is checked)',
    matches: (f) =>
      f.op === 'PUT /api/v1/profile' &&
      serverFault(f) &&
      /(no boundary|wrong boundary|truncated|no disposition|empty multipart|closing only)/.test(
        f.label,
      ),
  },
  {
    name: 'cursor holding a date PostgreSQL cannot store',
    why:
      'a cursor of a valid JavaScript date outside timestamptz range (e.g. base64url of ' +
      '["+275760-09-13T00:00:00.000Z",1], ["+010000-01-01T00:00:00.000Z",1] or ' +
      '["-271821-04-20T00:00:00.000Z",1]) reaches the query: GET /activity/getActivity, ' +
      'GET /activity/{userId} and GET /collection/{userId} answer 500 and log an error',
    matches: (f) =>
      [
        'GET /api/v1/activity/getActivity',
        'GET /api/v1/activity/{userId}',
        'GET /api/v1/collection/{userId}',
      ].includes(f.op) &&
      serverFault(f) &&
      f.label.includes('cursor with an extreme date'),
  },
];

export function classify(failure: Failure): string | null {
  return KNOWN_FAILURE_CLASSES.find((k) => k.matches(failure))?.name ?? null;
}
