/**
 * One error handler for the whole API. Client mistakes answer 4xx with `{ success: false,
 * message }` in the product's words where it has some; server faults answer a generic 500 and the
 * details go to the log only. Unknown routes answer 404 with the method and path.
 */
import { validateTextCharacters } from '@hypertek/shared/contract';
import type { FastifyError, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import { ContentionError } from '../../db/client';
import { API_MESSAGES, badRequest, HttpError } from '../../lib/errors';

/** A route's own check of its body, returning the product's message or null (see `validateBody`). */
export type BodyValidator = (body: Record<string, unknown>) => string | null;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The validation of this route's body (docs/product.md, Validation messages) (a function of @hypertek/shared/contract). It runs
     * before the handler, and also words the answer when the JSON schema refuses the body, so a
     * caller always sees the product's message rather than a schema validator's text.
     */
    validateBody?: BodyValidator;
    /**
     * Errors of this route also carry the message as `error` (the card form reads
     * `response.data.error`).
     */
    errorField?: boolean;
    /** Body fields that hold multi-line text (tab and line breaks allowed), e.g. a bio. */
    multilineFields?: readonly string[];
  }
}

// Parsed JSON, query strings and params (Fastify's are null-prototype objects); not files.
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  Object.prototype.toString.call(value) === '[object Object]';

/**
 * The first text in a request that holds characters no field accepts (control characters, lone
 * surrogates), as the message to answer; null when all is well. PostgreSQL refuses NUL and
 * invalid UTF-8 outright, so without this check such text would reach it and fail as a 500.
 * Walks nested objects and arrays (`paymentDetails.name`); file contents (Buffers) are not text.
 */
export function findForbiddenText(
  value: unknown,
  path: string,
  multiline: ReadonlySet<string>,
  depth = 0,
): string | null {
  if (typeof value === 'string') {
    return validateTextCharacters(path, value, { multiline: multiline.has(path) });
  }
  if (depth > 8) return null;
  if (Array.isArray(value)) {
    for (const entry of value) {
      const message = findForbiddenText(entry, path, multiline, depth + 1);
      if (message !== null) return message;
    }
    return null;
  }
  if (!isPlainObject(value)) return null;
  for (const [key, entry] of Object.entries(value)) {
    if (validateTextCharacters('Request', key) !== null) {
      return 'Request has a field name with characters that are not allowed';
    }
    const message = findForbiddenText(
      entry,
      path === '' ? key : `${path}.${key}`,
      multiline,
      depth + 1,
    );
    if (message !== null) return message;
  }
  return null;
}

const NO_MULTILINE: ReadonlySet<string> = new Set();

const asRecord = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};

const CONTEXT_NAMES: Record<string, string> = {
  body: 'Body',
  querystring: 'Query',
  params: 'Address',
  headers: 'Headers',
};

type SchemaNode = Record<string, unknown>;
type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** The schema a validation issue points at (its `schemaPath` within the route's schema). */
function schemaAt(request: FastifyRequest, context: string, path: string): SchemaNode | undefined {
  const schemas = request.routeOptions.schema as Record<string, unknown> | undefined;
  let node: unknown = schemas?.[context];
  for (const segment of path.replace(/^#\/?/, '').split('/')) {
    if (segment === '') continue;
    node = typeof node === 'object' && node !== null ? (node as SchemaNode)[segment] : undefined;
  }
  return typeof node === 'object' && node !== null ? (node as SchemaNode) : undefined;
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** "a whole number from 1 to 100", from an integer schema's bounds. */
function wholeNumber(schema: SchemaNode | undefined): string {
  const min = num(schema?.minimum);
  const max = num(schema?.maximum);
  if (min !== undefined && max !== undefined) return `a whole number from ${min} to ${max}`;
  if (min !== undefined) return `a whole number of at least ${min}`;
  if (max !== undefined) return `a whole number of at most ${max}`;
  return 'a whole number';
}

function typeWords(type: unknown, schema: SchemaNode | undefined): string {
  switch (type) {
    case 'string':
      return 'text';
    case 'integer':
      return wholeNumber(schema);
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'an object';
    case 'array':
      return 'a list';
    case 'null':
      return 'empty (null)';
    default:
      return 'of another kind';
  }
}

/**
 * A schema validator's finding in a sentence a person can read ("limit must be a whole number
 * from 1 to 100", "userId must be text"), never the validator's own text.
 */
export function describeValidation(
  issues: readonly ValidationIssue[],
  context: string,
  request: FastifyRequest,
): string | null {
  const first = issues[0];
  if (first === undefined) return null;
  const name = CONTEXT_NAMES[context] ?? 'Request';
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const subject = field === '' ? name : field;
  const { params } = first;
  const schema = schemaAt(request, context, first.schemaPath);
  const list = (value: unknown): string =>
    Array.isArray(value) ? value.map(String).join(', ') : String(value);
  switch (first.keyword) {
    case 'required':
      return `${list(params.requiredProperties ?? params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${name} has an unknown field: ${list(params.additionalProperties ?? params.additionalProperty)}`;
    case 'boolean':
      // `additionalProperties: false` reached by an unknown field: the path names the field.
      return `${name} has an unknown field: ${field.split('.').pop() ?? field}`;
    case 'type': {
      // A union fails once per branch: "text or a whole number".
      const kinds = issues
        .filter((issue) => issue.keyword === 'type' && issue.instancePath === first.instancePath)
        .map((issue) => typeWords(issue.params.type, schemaAt(request, context, issue.schemaPath)));
      return `${subject} must be ${[...new Set(kinds)].join(' or ')}`;
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      if (schema?.type === 'integer') return `${subject} must be ${wholeNumber(schema)}`;
      return first.keyword.startsWith('min') || first.keyword === 'exclusiveMinimum'
        ? `${subject} must be at least ${String(params.limit)}`
        : `${subject} must be at most ${String(params.limit)}`;
    case 'maxLength':
      return `${subject} must be at most ${String(params.limit)} characters`;
    case 'minLength':
      return params.limit === 1
        ? `${subject} must not be empty`
        : `${subject} must be at least ${String(params.limit)} characters`;
    case 'maxItems':
      return `${subject} must have at most ${String(params.limit)} entries`;
    case 'format':
      return params.format === 'date-time'
        ? `${subject} must be a date and time`
        : `${subject} is not a valid ${String(params.format)}`;
    case 'const':
      return `${subject} must be ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `${subject} must be one of: ${list(params.allowedValues)}`;
    case 'pattern':
      return `${subject} is not in the expected form`;
    default:
      return `${subject} is not valid`;
  }
}

function validationMessage(error: FastifyError, request: FastifyRequest): string {
  if (error.validationContext === 'body') {
    const custom = request.routeOptions.config.validateBody?.(asRecord(request.body));
    if (typeof custom === 'string') return custom;
  }
  return (
    describeValidation(error.validation ?? [], error.validationContext ?? 'request', request) ??
    'The request is not valid'
  );
}

function clientMessage(error: FastifyError, status: number, config: Config): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return API_MESSAGES.bodyTooLarge;
    case 'FST_REQ_FILE_TOO_LARGE':
      return `Avatar must be at most ${Math.round((config.avatarMaxBytes / 1024 / 1024) * 10) / 10} MB`;
    case 'FST_FILES_LIMIT':
      return API_MESSAGES.oneFileOnly;
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return API_MESSAGES.tooManyFields;
    case 'FST_PROTO_VIOLATION':
      return API_MESSAGES.fieldNameNotAllowed;
    case 'FST_MP_PREMATURE_CLOSE':
      return API_MESSAGES.formIncomplete;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return API_MESSAGES.unsupportedMediaType;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return API_MESSAGES.malformedJson;
    default:
      if (error instanceof SyntaxError || (status === 400 && /JSON/.test(error.message))) {
        return API_MESSAGES.malformedJson;
      }
      return error.message;
  }
}

export default fp(
  async (fastify, opts: { config: Config }) => {
    // Fastify's JSON parser refuses `__proto__` and `constructor.prototype` keys (prototype
    // pollution) but reports them as "not valid JSON". Same parser, honest words: when the text is
    // valid JSON after all, the refusal was for such a key.
    const parseJson = fastify.getDefaultJsonParser('error', 'error');
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (request, raw, done) => {
        const text = typeof raw === 'string' ? raw : raw.toString('utf8');
        void parseJson(request, text, (error, value) => {
          if (error === null) return done(null, value);
          if ((error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
            try {
              JSON.parse(text);
              return done(badRequest(API_MESSAGES.fieldNameNotAllowed), undefined);
            } catch {
              // really not JSON
            }
          }
          return done(error, undefined);
        });
      },
    );
    // Every route refuses control characters and broken text in its params, query and body, before
    // its schema runs (so the answer names the field) and after multipart fields are read (a
    // route-level hook runs after its plugin's own hooks). A callback hook, not an async one:
    // it runs on every request and has nothing to wait for (a promise per request costs).
    fastify.addHook('onRoute', (route) => {
      const multiline = new Set(route.config?.multilineFields ?? []);
      const guard = (
        request: FastifyRequest,
        _reply: FastifyReply,
        done: HookHandlerDoneFunction,
      ) => {
        const message =
          findForbiddenText(request.params, '', NO_MULTILINE) ??
          findForbiddenText(request.query, '', NO_MULTILINE) ??
          findForbiddenText(request.body, '', multiline);
        done(message === null ? undefined : badRequest(message));
      };
      const existing = route.preValidation;
      route.preValidation = [
        ...(Array.isArray(existing) ? existing : existing === undefined ? [] : [existing]),
        guard,
      ];
    });

    // Only routes that declare a body check get the hook (a hook per request costs throughput).
    fastify.addHook('onRoute', (route) => {
      const validate = route.config?.validateBody;
      if (validate === undefined) return;
      const check = async (request: FastifyRequest) => {
        const message = validate(asRecord(request.body));
        if (message !== null) throw badRequest(message);
      };
      const existing = route.preHandler;
      route.preHandler = [
        ...(Array.isArray(existing) ? existing : existing === undefined ? [] : [existing]),
        check,
      ];
    });

    const body = (request: FastifyRequest, message: string, details?: Record<string, string>) => ({
      success: false,
      message,
      ...details,
      ...(request.routeOptions.config.errorField === true ? { error: message } : {}),
    });

    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation !== undefined) {
        return reply.code(400).send(body(request, validationMessage(error, request)));
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        request.log.info({ status, code: error.code, message: error.message }, 'client error');
        const { headers } = error as FastifyError & { headers?: Record<string, string> };
        if (headers !== undefined) void reply.headers(headers);
        const details = error instanceof HttpError ? error.details : undefined;
        return reply
          .code(status)
          .send(body(request, clientMessage(error, status, opts.config), details));
      }
      // A fault we named on purpose: a provider that is down (502) or a feature not configured
      // (503). Say so plainly.
      if (error instanceof HttpError) {
        const level = status === 503 ? 'info' : 'warn';
        request.log[level]({ status, message: error.message }, 'unavailable');
        return reply.code(status).send(body(request, error.message, error.details));
      }
      if (error instanceof ContentionError) {
        // Every run of a money transaction was given up by the database: nothing was written,
        // and the same request a moment later goes through.
        request.log.warn({ attempts: error.attempts, err: error.cause }, 'contention');
        return reply
          .code(503)
          .header('retry-after', '1')
          .send(body(request, API_MESSAGES.contention));
      }
      request.log.error({ err: error }, 'server error');
      return reply.code(500).send(body(request, API_MESSAGES.serverError));
    });

    fastify.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? request.url;
      return reply
        .code(404)
        .send({ success: false, message: `Route ${request.method} ${path} not found` });
    });
  },
  { name: 'error-handler' },
);
