/**
 * Conformance of an HTTP answer to the app's own OpenAPI document, shared by the fuzz sweep
 * (test/fuzz/fuzz.test.ts) and the market soak (bench/soak.ts): the answer must be one the
 * document lists for the operation the request reaches — its status documented, its content type
 * documented, its JSON body valid against that status's schema (compiled with typebox).
 */
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

export interface DocResponse {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, DocResponse> }>>;
  components?: { schemas?: Record<string, unknown> };
}

/** An answer as the checker reads it: `body` is the payload as text ('' when there is none). */
export interface Answer {
  status: number;
  contentType: string | null;
  body: string;
}

export interface Mismatch {
  kind: 'undocumented status' | 'schema mismatch';
  /** `METHOD /template` of the operation reached; null when the address reaches none. */
  op: string | null;
  detail: string;
}

/** The schema with `#/components/schemas/…` references replaced by what they name. */
function inline(node: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((entry) => inline(entry, components));
  if (typeof node !== 'object' || node === null) return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    return inline(components[ref.slice('#/components/schemas/'.length)], components);
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, inline(value, components)]),
  );
}

/**
 * Which documented operation a request reaches, as the router decides: the address as a client
 * sends it (dot segments resolved, the query left out), the operations of that method, a fixed
 * segment before a parameter. Null: no operation (the API answers 404 "Route … not found", or
 * 400 first for a badly encoded address or a body that is not JSON).
 */
function routeOf(
  doc: OpenApiDocument,
  method: string,
  url: string,
): { key: string; responses: Record<string, DocResponse> } | null {
  const path = new URL(`http://localhost${url}`).pathname.split('/');
  let best: { key: string; rank: string; responses: Record<string, DocResponse> } | null = null;
  for (const [template, methods] of Object.entries(doc.paths)) {
    const operation = methods[method.toLowerCase()];
    const parts = template.split('/');
    if (operation === undefined || parts.length !== path.length) continue;
    let rank = '';
    const matches = parts.every((part, i) => {
      const isParam = part.startsWith('{');
      rank += isParam ? '1' : '0';
      // The router gives a parameter an empty value too (`/activity/` is `/activity/{userId}`).
      return isParam || part === path[i];
    });
    if (matches && (best === null || rank < best.rank)) {
      best = { key: `${method} ${template}`, rank, responses: operation.responses };
    }
  }
  return best;
}

// An address that is no operation: the not-found answer, or a refusal of the address or the body
// that comes before it; the API's error body either way.
const NO_OPERATION: DocResponse = {
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

/**
 * A checker of answers against the document: null when the answer conforms, else the kind and
 * why. `url` is the address as sent, with the API prefix (the way the document names paths) and
 * any query. `noOperation`: what an address that reaches no documented operation is —
 * 'error body' (the fuzz sweep, which sends such addresses on purpose): documented when the
 * answer is 404 or 400 with the API's ErrorBody; 'undocumented' (the soak, which only calls
 * documented operations): always an undocumented status.
 */
export function conformanceChecker(
  doc: OpenApiDocument,
  { noOperation }: { noOperation: 'error body' | 'undocumented' },
) {
  const components = doc.components?.schemas ?? {};
  const checks = new WeakMap<object, ReturnType<typeof Compile>>();
  const checkOf = (schema: object) => {
    let check = checks.get(schema);
    if (check === undefined) {
      check = Compile(inline(schema, components) as TSchema);
      checks.set(schema, check);
    }
    return check;
  };
  return (method: string, url: string, answer: Answer): Mismatch | null => {
    const route = routeOf(doc, method, url);
    if (route === null && noOperation === 'undocumented') {
      return {
        kind: 'undocumented status',
        op: null,
        detail: `no documented operation ${method} ${url}`,
      };
    }
    const documented =
      route === null
        ? answer.status === 404 || answer.status === 400
          ? NO_OPERATION
          : undefined
        : route.responses[String(answer.status)];
    const op = route?.key ?? null;
    if (documented === undefined) {
      return {
        kind: 'undocumented status',
        op,
        detail: `${answer.status} is not documented: ${answer.body.slice(0, 160)}`,
      };
    }
    const type = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (documented.content === undefined) {
      return answer.body.length === 0
        ? null
        : { kind: 'schema mismatch', op, detail: `a body where none is documented (${type})` };
    }
    const media = documented.content[type];
    if (media === undefined) {
      return {
        kind: 'schema mismatch',
        op,
        detail: `content type "${type}", documented: ${Object.keys(documented.content).join(', ')}`,
      };
    }
    if (type !== 'application/json') return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return { kind: 'schema mismatch', op, detail: `not JSON: ${answer.body.slice(0, 120)}` };
    }
    const check = checkOf(media.schema as object);
    if (check.Check(body)) return null;
    const [first] = check.Errors(body);
    return {
      kind: 'schema mismatch',
      op,
      detail: `${first?.instancePath ?? ''} ${first?.message ?? ''}: ${answer.body.slice(0, 120)}`,
    };
  };
}
