/**
 * The sweep: every route and method of the app's own OpenAPI document gets malformed requests
 * made by fast-check — wrong types, missing and extra fields, huge/negative/NaN numbers, long
 * strings, strings with NUL, control characters and lone surrogates, `__proto__`/`constructor`
 * keys, arrays for objects, bad JSON text, wrong content types, odd path params and query strings
 * (cursors holding extreme dates), broken multipart bodies — with and without the bearer token of
 * a real signed-up user. A client mistake must answer 4xx with a string `message`, never 5xx, and
 * never write a log line at error level. Every answer must also be one the document lists for
 * that operation: its status documented, its body valid against the documented schema of that
 * status, with the documented content type (JSON; an image type for the image routes).
 *
 * FUZZ_SEED fixes the generator (printed with the figures), FUZZ_RUNS the cases per route and
 * FUZZ_BUDGET_MS the time allowed for sending them.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { buildTestApp, multipart, PASSWORD, PNG_1x1, signup, uniqueEmail } from '../helpers';
import {
  DISCORD_CLIENT,
  IdentityProviderServer,
  providerConfig,
} from '../support/identity-provider-server';
import {
  conformanceChecker,
  type DocResponse,
  type OpenApiDocument,
} from '../support/openapi-conformance';
import { classify, KNOWN_FAILURE_CLASSES, type Failure } from './known-failures';

// A fixed seed by default, so a CI run is repeatable; FUZZ_SEED=random explores new cases.
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Date.now() % 2_147_483_647
    : Number(process.env.FUZZ_SEED ?? 2117);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 30_000);
const CONCURRENCY = 4;

// Google and Discord answer from a loopback server, so their routes answer 401 for bad
// credentials rather than 503 "not set up": every 5xx left is a fault.
const providers = await IdentityProviderServer.start(DISCORD_CLIENT);
after(() => providers.close());

interface LogLine {
  level: number;
  reqId?: string;
  msg?: string;
  err?: { message?: string; type?: string };
}
const errorLogs: LogLine[] = [];
const RELEASE_TOKEN = randomUUID().replaceAll('-', '');
const app = await buildTestApp(
  { after },
  {
    ...providerConfig(providers.origin, 1_000),
    // The operators' release call answers 401 and 400 rather than 503 "not configured".
    releaseToken: RELEASE_TOKEN,
    logLevel: 'error',
    // Several hundred sign-in calls: the sweep is not about rate limits.
    rateLimit: { authMax: 1_000_000, sandboxMax: 1_000_000 },
  },
  {
    logStream: {
      write: (line: string) => {
        const parsed = JSON.parse(line) as LogLine;
        if (parsed.level >= 50) errorLogs.push(parsed);
      },
    },
  },
);

const user = await signup(app);
const other = await signup(app);
const userId = user.user._id;

// ---------------------------------------------------------------------------------------------
// Values. Every generated value carries the name of its class, so failures group by cause.

type Labelled<T> = [label: string, value: T];
const labelled = <T>(label: string, arb: fc.Arbitrary<T>): fc.Arbitrary<Labelled<T>> =>
  arb.map((value) => [label, value] as Labelled<T>);
const char = (code: number) => String.fromCharCode(code);

const nastyString: fc.Arbitrary<Labelled<string>> = fc.oneof(
  labelled('empty or blank', fc.constantFrom('', ' ', '\t\n', '\u00a0')),
  labelled('NUL', fc.constantFrom('\u0000', 'a\u0000b', 'pilot\u0000@example.com', '1\u0000')),
  labelled(
    'control character',
    fc.integer({ min: 1, max: 31 }).map((c) => `a${char(c)}b`),
  ),
  labelled('DEL/C1 control', fc.constantFrom('\u007f', 'a\u0085b', '\u009b31m')),
  labelled(
    'lone surrogate',
    fc.constantFrom('\ud800', '\udfff', 'x\udbffy', '\ud83d', 'ok\udc00', '\udc00\ud800'),
  ),
  labelled('unicode oddity', fc.constantFrom('\ufeff', '\u202e', '🙂', 'e\u0301', '\uffff')),
  labelled(
    'random code units',
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map(char), maxLength: 24 }),
  ),
  labelled('random code points', fc.string({ unit: 'binary', maxLength: 24 })),
  labelled(
    'injection text',
    fc.constantFrom(
      "' OR 1=1 --",
      '%',
      '_',
      '\\',
      '%00',
      '<script>alert(1)</script>',
      '${7*7}',
      '../../etc/passwd',
      'null',
      'undefined',
      '__proto__',
    ),
  ),
  labelled(
    'number-like text',
    fc.constantFrom('-1', '0', '1e400', 'NaN', 'Infinity', '0x10', '1.5', '9'.repeat(40)),
  ),
  labelled(
    'long string',
    fc.constantFrom(257, 1_001, 5_000, 90_000).map((n) => 'a'.repeat(n)),
  ),
);

const nastyNumber: fc.Arbitrary<Labelled<number>> = fc.oneof(
  labelled(
    'extreme number',
    fc.constantFrom(
      -1,
      -0,
      0,
      1.5,
      2 ** 31,
      2 ** 53 + 1,
      -(2 ** 63),
      1e21,
      1e308,
      -1e308,
      Number.MIN_VALUE,
    ),
  ),
  labelled('random double', fc.double({ noNaN: true, noDefaultInfinity: true })),
  labelled('random integer', fc.integer()),
);

/** JSON texts of values JSON.stringify cannot make: they go into raw bodies. */
const RAW_NUMBERS = [
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '-0',
  '1' + '0'.repeat(400),
  '0.' + '0'.repeat(400) + '1',
];

const nastyValue: fc.Arbitrary<Labelled<unknown>> = fc.oneof(
  nastyString as fc.Arbitrary<Labelled<unknown>>,
  nastyNumber as fc.Arbitrary<Labelled<unknown>>,
  labelled('boolean', fc.boolean()),
  labelled('null', fc.constant(null)),
  labelled('array', fc.constantFrom([], ['a'], [1, 2], [{}], [null])),
  labelled('object', fc.constantFrom({}, { a: 1 }, { $gt: '' }, { length: 1 })),
  labelled('anything', fc.anything({ maxDepth: 3 })),
);

/** A value that fits the property's schema, with this app's real ids where it matters. */
function plausible(name: string, schema: Schema): unknown {
  if (name === 'userId') return userId;
  if (name === 'productId' || name === 'gameId') return '1';
  if (name === 'Email' || name === 'email') return uniqueEmail();
  if (/password/i.test(name)) return PASSWORD;
  if (name === 'number') return '4242 4242 4242 4242';
  if (name === 'exp_month') return 12;
  if (name === 'exp_year') return 2040;
  if (name === 'cvc') return '123';
  if (name === 'outcome') return 'complete';
  if (name === 'address') return '0x' + 'ab'.repeat(20);
  const type = schema.type ?? schema.anyOf?.[0]?.type;
  if (schema.enum !== undefined) return schema.enum[0];
  if (schema.anyOf?.[0]?.enum !== undefined) return schema.anyOf[0].enum[0];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'object') {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(k, s)]),
    );
  }
  return 'x';
}

// ---------------------------------------------------------------------------------------------
// Requests.

interface Schema {
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Operation {
  method: string;
  path: string;
  secured: boolean;
  /** Called with the release token rather than a user's. */
  releaseToken: boolean;
  pathParams: string[];
  query: Record<string, Schema>;
  jsonBody: Schema | null;
  multipartBody: Schema | null;
}
interface Case {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** percent-encodes like a browser, and a lone surrogate as the invalid UTF-8 a client could send. */
function encode(value: string): string {
  return Array.from(value)
    .map((c) => {
      try {
        return encodeURIComponent(c);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

const EXTREME_DATES = [
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.001Z',
  '0000-01-01T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '+010000-01-01T00:00:00.000Z',
  '1970-01-01T00:00:00.000Z',
];
const cursorValue: fc.Arbitrary<Labelled<string>> = fc.oneof(
  labelled(
    'cursor with an extreme date',
    fc
      .tuple(fc.constantFrom(...EXTREME_DATES), fc.constantFrom(1, 0, 2 ** 53 - 1))
      .map(([d, id]) => b64(JSON.stringify([d, id]))),
  ),
  labelled('cursor of a bare date', fc.constantFrom(...EXTREME_DATES).map(b64)),
  labelled(
    'cursor of odd JSON',
    fc
      .constantFrom(
        '[]',
        '{}',
        'null',
        '[null,null]',
        '[1e400]',
        '[-1]',
        '[1.5]',
        '["x",1]',
        '[[],[]]',
        '"a"',
        '[9007199254740993]',
      )
      .map(b64),
  ),
  labelled('cursor not base64', fc.constantFrom('!!!', '====', '%00', '\u0000', 'a'.repeat(199))),
  labelled(
    'cursor of random bytes',
    fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b).toString('base64url')),
  ),
);
const queryValue: fc.Arbitrary<Labelled<string>> = fc.oneof(
  nastyString,
  nastyNumber.map(([l, n]) => [l, String(n)] as Labelled<string>),
  cursorValue,
);

const pathValue: fc.Arbitrary<Labelled<string>> = fc.oneof(
  labelled('own user id', fc.constant(userId)),
  labelled("another user's id", fc.constant(other.user._id)),
  labelled('random uuid', fc.uuid()),
  labelled(
    'number',
    fc.constantFrom('1', '0', '-1', '1e400', '99999999999999999999', '1.5', '0x1'),
  ),
  labelled(
    'svg name',
    fc.constantFrom('1.svg', '-1.svg', '99999999999999999999.svg', '.svg', '1e400.svg'),
  ),
  labelled(
    'upload name',
    fc.constantFrom(`${randomUUID()}.png`, '..%2F..%2Fpackage.json', '.%2E', 'x.exe'),
  ),
  nastyString.map(([l, s]) => [l, encode(s)] as Labelled<string>),
  labelled('broken percent-encoding', fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%FF')),
);

const authHeader: fc.Arbitrary<Labelled<Record<string, string>>> = fc.oneof(
  { weight: 4, arbitrary: labelled('valid token', fc.constant(user.auth)) },
  { weight: 3, arbitrary: labelled('no token', fc.constant({})) },
  {
    weight: 2,
    arbitrary: labelled(
      'bad token',
      fc.constantFrom(
        { authorization: 'Bearer' },
        { authorization: 'Bearer ' },
        { authorization: 'Bearer abc.def.ghi' },
        { authorization: `Bearer ${user.token}x` },
        { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
        { authorization: `Bearer ${user.token.split('.').slice(0, 2).join('.')}.` },
        { authorization: `Bearer ${'a'.repeat(5000)}` },
      ),
    ),
  },
);

/** The calls with the release token (operators'): the same draws, that token as the valid one. */
const releaseAuthHeader: fc.Arbitrary<Labelled<Record<string, string>>> = fc.oneof(
  {
    weight: 4,
    arbitrary: labelled(
      'valid release token',
      fc.constant({ authorization: `Bearer ${RELEASE_TOKEN}` }),
    ),
  },
  { weight: 1, arbitrary: labelled("a user's token", fc.constant(user.auth)) },
  { weight: 4, arbitrary: authHeader.filter(([label]) => label !== 'valid token') },
);

const without = (object: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(object).filter(([k]) => k !== key));

/** A JSON object text with the key written as is (JSON.stringify would drop a `__proto__` key). */
function objectText(base: Record<string, unknown>, key: string, valueText: string): string {
  const inner = JSON.stringify(base).slice(1, -1);
  return `{${inner}${inner === '' ? '' : ','}${JSON.stringify(key)}:${valueText}}`;
}

function jsonBodyCases(schema: Schema): fc.Arbitrary<Labelled<{ text?: string; type?: string }>> {
  const props = Object.entries(schema.properties ?? {});
  const base = plausible('', schema) as Record<string, unknown>;
  const asJson = (label: string, value: unknown) =>
    [label, { text: JSON.stringify(value), type: 'application/json' }] as Labelled<{
      text?: string;
      type?: string;
    }>;
  const arbs: fc.Arbitrary<Labelled<{ text?: string; type?: string }>>[] = [
    // Whole body of the wrong kind.
    nastyValue.map(([l, v]) => asJson(`body is ${l}`, v)),
    fc.constant(asJson('body is an array of the object', [base])),
    // Bad JSON text.
    fc
      .constantFrom(
        '{',
        '{"a":',
        '{"a":1}garbage',
        "{'a':1}",
        '{"a":1,}',
        'nul',
        '\u0000',
        '\ufeff{}',
        '[',
        '['.repeat(5_000) + ']'.repeat(5_000),
        '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000),
        '"\\ud800"',
        '{"a":"\\u0000"}',
      )
      .map((text) => ['bad JSON text', { text, type: 'application/json' }] as const)
      .map(([l, v]) => [l, v] as Labelled<{ text?: string; type?: string }>),
    // Wrong or missing content type.
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
        'application/xml',
        'a/b/c',
        '',
      )
      .map((type) => [`content type "${type}"`, { text: JSON.stringify(base), type }]),
    fc.constant(['no content type', { text: JSON.stringify(base) }]),
    fc.constant(['empty JSON body', { text: '', type: 'application/json' }]),
    fc.constant(['no body', {}]),
    // Prototype keys.
    fc
      .tuple(
        fc.constantFrom('__proto__', 'constructor', 'prototype'),
        fc.constantFrom(
          '{"isAdmin":true}',
          '{"prototype":{"polluted":1}}',
          'null',
          '1',
          '"x"',
          '[]',
        ),
      )
      .map(([key, value]) => [
        `${key} key`,
        { text: objectText(base, key, value), type: 'application/json' },
      ]),
    // Extra field.
    fc
      .tuple(nastyString, nastyValue)
      .map(([[, key], [l, v]]) => asJson(`extra field (${l})`, { ...base, [key]: v })),
    // Numbers JSON.stringify cannot write.
    ...(props.length > 0
      ? [
          fc
            .tuple(fc.constantFrom(...props.map(([k]) => k)), fc.constantFrom(...RAW_NUMBERS))
            .map(([key, raw]) => {
              const rest = without(base, key);
              return [
                `body.${key} is ${raw.slice(0, 12)}`,
                { text: objectText(rest, key, raw), type: 'application/json' },
              ];
            }),
          // One field of the wrong type or with a nasty value.
          fc
            .tuple(fc.constantFrom(...props.map(([k]) => k)), nastyValue)
            .map(([key, [l, v]]) => asJson(`body.${key} is ${l}`, { ...base, [key]: v })),
          // A field missing.
          fc.constantFrom(...props.map(([k]) => k)).map((key) => {
            const rest = without(base, key);
            return asJson(`body.${key} missing`, rest);
          }),
          // Nested objects: every leaf of the wrong kind.
          fc
            .tuple(
              fc.constantFrom(...props.map(([k]) => k)),
              fc.constantFrom(...props.map(([k]) => k)),
              nastyValue,
            )
            .map(([key, inner, [l, v]]) =>
              asJson(`body.${key}.${inner} is ${l}`, { ...base, [key]: { [inner]: v } }),
            ),
        ]
      : []),
  ] as fc.Arbitrary<Labelled<{ text?: string; type?: string }>>[];
  return fc.oneof(...arbs);
}

function multipartCases(
  schema: Schema,
): fc.Arbitrary<Labelled<{ payload?: Buffer | string; type?: string }>> {
  const fields = Object.keys(schema.properties ?? {}).filter((k) => k !== 'Avatar');
  const ok = (label: string, m: ReturnType<typeof multipart>) =>
    [label, { payload: m.payload, type: m.headers['content-type'] }] as Labelled<{
      payload?: Buffer | string;
      type?: string;
    }>;
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...fields), nastyString)
      .map(([field, [l, v]]) => ok(`form ${field} is ${l}`, multipart({ [field]: v }))),
    fc
      .tuple(fc.constantFrom(...fields), nastyString)
      .map(([field, [l, v]]) =>
        ok(`form field name ${l}`, multipart({ [v.replace(/["\r\n]/g, '')]: field })),
      ),
    fc
      .tuple(fc.constantFrom(...fields, 'Avatar'), fc.uint8Array({ maxLength: 64 }))
      .map(([field, bytes]) =>
        ok(
          `file in ${field}`,
          multipart(
            {},
            { [field]: { filename: 'a.png', contentType: 'image/png', data: Buffer.from(bytes) } },
          ),
        ),
      ),
    fc
      .constantFrom('a\u0000.png', '../../x.png', '\ud800.png', 'a'.repeat(500) + '.png')
      .map((filename) =>
        ok(
          'odd file name',
          multipart({}, { Avatar: { filename, contentType: 'image/png', data: PNG_1x1 } }),
        ),
      ),
    fc.constant(ok('text Avatar field', multipart({ Avatar: 'not a file' }))),
    fc.constant<Labelled<{ payload?: Buffer | string; type?: string }>>([
      'two avatars',
      {
        payload: Buffer.concat([
          ...[1, 2].map((n) =>
            Buffer.concat([
              Buffer.from(
                `--abc\r\nContent-Disposition: form-data; name="Avatar"; filename="${n}.png"\r\nContent-Type: image/png\r\n\r\n`,
              ),
              PNG_1x1,
              Buffer.from('\r\n'),
            ]),
          ),
          Buffer.from('--abc--\r\n'),
        ]),
        type: 'multipart/form-data; boundary=abc',
      },
    ]),
    fc
      .constantFrom(
        ['no boundary', 'multipart/form-data', '--x\r\n'],
        [
          'wrong boundary',
          'multipart/form-data; boundary=abc',
          '--xyz\r\nContent-Disposition: form-data; name="Bio"\r\n\r\nhi\r\n--xyz--\r\n',
        ],
        [
          'truncated',
          'multipart/form-data; boundary=abc',
          '--abc\r\nContent-Disposition: form-data; name="Bio"\r\n\r\nhi',
        ],
        ['no disposition', 'multipart/form-data; boundary=abc', '--abc\r\n\r\nhi\r\n--abc--\r\n'],
        ['empty multipart', 'multipart/form-data; boundary=abc', ''],
        ['closing only', 'multipart/form-data; boundary=abc', '--abc--\r\n'],
        ['JSON to a form route', 'application/json', '{"FullName":"Ada"}'],
        ['text to a form route', 'text/plain', 'FullName=Ada'],
        ['urlencoded to a form route', 'application/x-www-form-urlencoded', 'FullName=Ada'],
        ['bad JSON to a form route', 'application/json', '{'],
      )
      .map(
        ([label, type, payload]) =>
          [label, { payload, type }] as Labelled<{ payload?: Buffer | string; type?: string }>,
      ),
  );
}

function operationCases(op: Operation): fc.Arbitrary<Case> {
  const pathArb = fc.tuple(...op.pathParams.map(() => pathValue));
  const queryNames = Object.keys(op.query);
  const queryArb = fc.oneof(
    fc.constant<Labelled<string>>(['no query', '']),
    ...(queryNames.length > 0
      ? [
          fc
            .tuple(fc.constantFrom(...queryNames), queryValue)
            .map(
              ([name, [l, v]]) =>
                [`query ${name} is ${l}`, `${name}=${encode(v)}`] as Labelled<string>,
            ),
          fc
            .constantFrom(...queryNames)
            .map((name) => [`query ${name} twice`, `${name}=1&${name}=2`] as Labelled<string>),
        ]
      : []),
    fc
      .constantFrom(
        '__proto__[x]=1',
        'constructor[prototype][x]=1',
        '__proto__=1',
        'limit[]=1',
        'a=%',
        '&&&',
        '=',
        'x=' + 'a'.repeat(3000),
      )
      .map((q) => [`odd query string`, q] as Labelled<string>),
  );
  const bodyArb: fc.Arbitrary<Labelled<{ payload?: Buffer | string; type?: string }>> =
    op.multipartBody !== null
      ? multipartCases(op.multipartBody)
      : op.jsonBody !== null
        ? jsonBodyCases(op.jsonBody).map(
            ([l, b]) =>
              [l, { payload: b.text, type: b.type }] as Labelled<{
                payload?: Buffer | string;
                type?: string;
              }>,
          )
        : fc.oneof(
            fc.constant<Labelled<{ payload?: Buffer | string; type?: string }>>(['no body', {}]),
            fc.constant<Labelled<{ payload?: Buffer | string; type?: string }>>([
              'unexpected JSON body',
              { payload: '{"a":1}', type: 'application/json' },
            ]),
            fc.constant<Labelled<{ payload?: Buffer | string; type?: string }>>([
              'unexpected bad JSON body',
              { payload: '{', type: 'application/json' },
            ]),
          );
  return fc
    .tuple(pathArb, queryArb, bodyArb, op.releaseToken ? releaseAuthHeader : authHeader)
    .map(([params, [ql, q], [bl, body], [al, auth]]) => {
      let index = 0;
      const path = op.path.replace(/\{[^}]+\}/g, () => {
        const [, value] = params[index++]!;
        return value === '' ? '%20' : value;
      });
      const pathLabel = params.map(([l], i) => `path ${op.pathParams[i]} is ${l}`).join(', ');
      const headers: Record<string, string> = { ...auth };
      if (body.type !== undefined) headers['content-type'] = body.type;
      const parts = [pathLabel, ql === 'no query' ? '' : ql, bl, al].filter((p) => p !== '');
      return {
        label: parts.join('; '),
        method: op.method,
        url: q === '' ? path : `${path}?${q}`,
        headers,
        ...(body.payload === undefined || op.method === 'GET' || op.method === 'HEAD'
          ? {}
          : { payload: body.payload }),
      };
    });
}

function operations(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      // An endless answer (the live stream, text/event-stream) never ends an in-process request:
      // its bad input is tested in test/routes/market-stream.test.ts, over HTTP.
      if (op.responses?.['200']?.content?.['text/event-stream'] !== undefined) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      out.push({
        method: method.toUpperCase(),
        path,
        secured: (op.security ?? []).length > 0,
        releaseToken: (op.security ?? []).some(
          (entry) => typeof entry === 'object' && entry !== null && 'releaseToken' in entry,
        ),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(
          params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
        ),
        jsonBody: content['application/json']?.schema ?? null,
        multipartBody: content['multipart/form-data']?.schema ?? null,
      });
    }
  }
  return out;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/**
 * Requests made on purpose rather than drawn: unknown routes, wrong methods, the document itself,
 * and extreme cursors on every paged list.
 */
function fixedCases(ops: Operation[]): { op: string; c: Case }[] {
  const stray: Case[] = [
    { label: 'the OpenAPI document', method: 'GET', url: '/api/v1/openapi.json', headers: {} },
    { label: 'unknown route', method: 'GET', url: '/api/v1/nope', headers: {} },
    { label: 'unknown route with NUL', method: 'GET', url: '/api/v1/%00', headers: {} },
    { label: 'unknown route, broken encoding', method: 'GET', url: '/api/v1/%', headers: {} },
    { label: 'very long path', method: 'GET', url: `/api/v1/${'a'.repeat(8_000)}`, headers: {} },
    { label: 'double slashes', method: 'GET', url: '//api//v1//market//getMarket', headers: {} },
  ];
  const cases: { op: string; c: Case }[] = [];
  // Every paged list gets every extreme date as a cursor, whatever the random draw.
  for (const op of ops.filter((o) => 'cursor' in o.query)) {
    const path = op.path.replace(/\{[^}]+\}/g, userId);
    for (const date of EXTREME_DATES) {
      for (const cursor of [b64(JSON.stringify([date, 1])), b64(date)]) {
        cases.push({
          op: `${op.method} ${op.path}`,
          c: {
            label: 'query cursor is cursor with an extreme date; valid token',
            method: op.method,
            url: `${path}?cursor=${cursor}`,
            headers: user.auth,
          },
        });
      }
    }
  }
  for (const op of ops) {
    const path = op.path.replace(/\{[^}]+\}/g, '1');
    for (const method of ['DELETE', 'PATCH', op.method === 'GET' ? 'POST' : 'GET']) {
      stray.push({
        label: `${method} on a ${op.method} route`,
        method,
        url: path,
        headers: user.auth,
      });
    }
  }
  return [...cases, ...stray.map((c) => ({ op: `${c.method} (not in the document)`, c }))];
}

// ---------------------------------------------------------------------------------------------

/** Whether a request carries a NUL character, in its URL or its body, raw or escaped in JSON. */
function hasNul(c: Case): boolean {
  const body = c.payload === undefined ? '' : c.payload.toString('latin1');
  return /%00/.test(c.url) || body.includes('\u0000') || body.includes('\\u0000');
}

// ---------------------------------------------------------------------------------------------
// Conformance: the answer against what the document says of the operation
// (test/support/openapi-conformance.ts; an address that is no operation may answer the error body).

interface Document extends OpenApiDocument {
  paths: Record<
    string,
    Record<string, OpenApiOperation & { responses: Record<string, DocResponse> }>
  >;
}

interface Outcome {
  requests: number;
  failures: Failure[];
}

async function sweep(): Promise<Outcome> {
  const doc = app.swagger() as unknown as Document;
  const conformance = conformanceChecker(doc, { noOperation: 'error body' });
  const ops = operations(doc);
  assert.ok(ops.length >= 25, `the OpenAPI document lists ${ops.length} operations`);
  const cases: { op: string; c: Case }[] = [];
  for (const [i, op] of ops.entries()) {
    for (const c of fc.sample(operationCases(op), { numRuns: RUNS, seed: SEED + i })) {
      cases.push({ op: `${op.method} ${op.path}`, c });
    }
  }
  cases.push(...fixedCases(ops));
  // Interleave routes, so a time budget cut leaves every route covered.
  const order = fc.sample(fc.double({ min: 0, max: 1, noNaN: true }), {
    numRuns: cases.length,
    seed: SEED,
  });
  const shuffled = cases
    .map((c, i) => ({ c, k: order[i]! }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.c);

  const failures: Failure[] = [];
  const byRequest = new Map<string, { op: string; c: Case; status: number }>();
  const deadline = Date.now() + BUDGET_MS;
  let next = 0;
  let sent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < shuffled.length && Date.now() < deadline) {
        const { op, c } = shuffled[next++]!;
        const id = `fuzz-${next}`;
        const startedAt = performance.now();
        const response = await app.inject({
          method: c.method as 'GET',
          url: c.url,
          headers: { ...c.headers, 'x-request-id': id },
          ...(c.payload === undefined ? {} : { payload: c.payload }),
        });
        sent++;
        const took = performance.now() - startedAt;
        timing.set(op, (timing.get(op) ?? 0) + took);
        byRequest.set(id, { op, c, status: response.statusCode });
        const base = {
          op,
          label: c.label,
          status: response.statusCode,
          url: c.url.slice(0, 160),
          nul: hasNul(c),
        };
        if (response.statusCode >= 500) {
          failures.push({ ...base, kind: '5xx', detail: response.body.slice(0, 200) });
        }
        const header = response.headers['content-type'];
        const mismatch = conformance(c.method, c.url, {
          status: response.statusCode,
          contentType: typeof header === 'string' ? header : null,
          body: response.body,
        });
        if (mismatch !== null) {
          failures.push({
            ...base,
            op: mismatch.op ?? `${op} (reached no operation)`,
            kind: mismatch.kind,
            detail: mismatch.detail,
          });
        }
        if (response.statusCode >= 400 && c.method !== 'HEAD') {
          let message: unknown;
          try {
            message = (JSON.parse(response.body) as { message?: unknown }).message;
          } catch {
            message = undefined;
          }
          if (typeof message !== 'string' || message === '') {
            failures.push({
              ...base,
              kind: 'without message',
              detail: response.body.slice(0, 200),
            });
          }
        }
      }
    }),
  );
  for (const line of errorLogs) {
    const request = line.reqId === undefined ? undefined : byRequest.get(line.reqId);
    failures.push({
      op: request?.op ?? '(no request)',
      label: request?.c.label ?? '',
      status: request?.status ?? 0,
      url: request?.c.url.slice(0, 160) ?? '',
      nul: request === undefined ? false : hasNul(request.c),
      kind: 'error log',
      detail: `${line.msg ?? ''}: ${line.err?.type ?? ''} ${line.err?.message ?? ''}`.slice(0, 200),
    });
  }
  return { requests: sent, failures };
}

const timing = new Map<string, number>();
const outcome = await sweep();
if (process.env.FUZZ_REPORT !== undefined) {
  for (const [op, ms] of [...timing].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`${Math.round(ms)} ms ${op}`);
}

const count = (kind: Failure['kind']) => outcome.failures.filter((f) => f.kind === kind).length;
console.log(
  `fuzz: ${outcome.requests} requests, 5xx: ${count('5xx')}, without message: ${count('without message')}, error logs: ${count('error log')}, undocumented statuses: ${count('undocumented status')}, schema mismatches: ${count('schema mismatch')} (seed ${SEED})`,
);

const known = new Map<string, Failure[]>(KNOWN_FAILURE_CLASSES.map((k) => [k.name, []]));
const unknown: Failure[] = [];
for (const failure of outcome.failures) {
  const name = classify(failure);
  if (name === null) unknown.push(failure);
  else known.get(name)!.push(failure);
}

/** One line per distinct (kind, route, status, input class), with an example URL. */
function describeFailures(list: Failure[]): string {
  const groups = new Map<string, { n: number; example: Failure }>();
  for (const f of list) {
    const key = `${f.kind} ${f.status} ${f.op} — ${f.label}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { n: 1, example: f });
    else group.n++;
  }
  return [...groups.entries()]
    .map(([key, { n, example }]) => `  ${n}× ${key}\n     e.g. ${example.url} → ${example.detail}`)
    .join('\n');
}

if (process.env.FUZZ_REPORT !== undefined) console.log(describeFailures(outcome.failures));

describe('fuzz sweep of every route in the OpenAPI document', () => {
  it('sent thousands of malformed requests within the time budget', () => {
    assert.ok(outcome.requests >= 1_000, `only ${outcome.requests} requests were sent`);
  });

  const conformanceKinds = new Set<Failure['kind']>(['undocumented status', 'schema mismatch']);
  it('answers every client mistake with a 4xx and a message, and logs no error for it', () => {
    const list = unknown.filter((f) => !conformanceKinds.has(f.kind));
    assert.equal(list.length, 0, `failures:\n${describeFailures(list)}`);
  });

  it('answers only statuses the document lists, with bodies of their documented schemas', () => {
    const list = unknown.filter((f) => conformanceKinds.has(f.kind));
    assert.equal(list.length, 0, `failures:\n${describeFailures(list)}`);
  });

  for (const k of KNOWN_FAILURE_CLASSES) {
    // Known faults being fixed elsewhere: reported as todo (shown, not failing) until they are
    // fixed; then this passes and the entry in known-failures.ts can go.
    it(`known: ${k.name}`, { todo: k.why }, () => {
      const list = known.get(k.name)!;
      assert.equal(list.length, 0, `failures:\n${describeFailures(list)}`);
    });
  }
});
