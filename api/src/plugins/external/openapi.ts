/**
 * The OpenAPI 3.1 document, generated from the route schemas and served at /api/v1/openapi.json.
 *
 * Each route declares what only it knows: its `operationId`, its `security` (`bearer`, or
 * `publicAccess` for none) and the answers of its own logic (`errors(403, 404)`); a route that
 * leaves out the first two stops the app at start. The error answers every route of a kind can
 * give (a bad character or a too long address, a body too large, a rate limit, a server fault)
 * are added here, in one place, from what the app does (`sharedErrorStatuses`), and every error
 * answer is documented as JSON with the shared error body (`ErrorBody`, or `PaymentErrorBody` on
 * the routes whose errors also carry `error`).
 */
import swagger from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import { ErrorBody, PaymentErrorBody } from '../../routes/schemas';

/** What each error status means, wherever it is answered (the message says more). */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  400:
    'The request is not valid: a field, query or path parameter of the wrong kind, with characters ' +
    'that are not allowed (control characters, lone surrogates), a badly encoded address, or a ' +
    'body that is not JSON (the message says which)',
  401: 'The credentials were refused: the password, signature, code or provider token (the message says which)',
  402: 'The card was declined (the provider code says why); nothing was charged',
  403: "Not the caller's own: another user's id, listing or offer",
  404: 'Not found',
  409: 'Not possible in the current state (the message says why)',
  411: 'The form was sent without its length (Content-Length)',
  413: 'The body is too large',
  414: 'The address is too long: a path parameter of more than 200 characters',
  415: 'The content type is not one this call reads',
  429: 'Too many requests: the rate limit of this call was reached (the message says when to retry)',
  500: 'Unexpected server fault (details go to the log only)',
  502: 'A provider this call relies on (Google, Discord, the payment provider) did not answer well',
  503:
    'Not available right now: this way in needs configuration the server does not have, or (market ' +
    'and payment calls) the database gave up the change on every try under contention: nothing ' +
    'was written, try again after Retry-After seconds',
};

/** 401 on the calls that take the bearer token. */
const BEARER_401 =
  'No valid bearer token: missing, malformed, expired, revoked (the password changed) or not issued by this API';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type RouteFacts = Pick<RouteOptions, 'method' | 'url' | 'config'> & { schema?: unknown };

const needsBearer = (security: unknown): boolean =>
  Array.isArray(security) &&
  security.some((entry) => typeof entry === 'object' && entry !== null && 'bearerAuth' in entry);

/**
 * The error statuses a route can answer whatever its own logic, from how the app is built:
 * - 400 and 500 on every route: every parameter, query string and body is checked for
 *   characters no field accepts before the schema runs (plugins/app/error-handler.ts), and the
 *   error handler answers 500 for anything unexpected;
 * - 414 with a path parameter: the router refuses one longer than 200 characters (app.ts,
 *   `frameworkErrors`, which also answers 400 for a badly encoded one);
 * - 413 and 415 when a body is read (POST, PUT, PATCH): over `BODY_LIMIT`, or of a content type
 *   no parser reads;
 * - 429 with a rate limit (`config.rateLimit`);
 * - 401 with the bearer token (`security: bearer`);
 * - 503 on the market and payment calls (tags): their transactions are run again when the
 *   database gives them up (a deadlock, a serialization failure), and 503 with Retry-After when
 *   every run was (db/client.ts `transaction`).
 */
export function sharedErrorStatuses(route: RouteFacts): number[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const statuses = new Set([400, 500]);
  if (route.url.includes(':')) statuses.add(414);
  if (methods.some((method) => BODY_METHODS.has(method))) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.config?.rateLimit !== undefined && route.config.rateLimit !== false) statuses.add(429);
  if (needsBearer((route.schema as { security?: unknown } | undefined)?.security)) {
    statuses.add(401);
  }
  const tags = (route.schema as { tags?: unknown } | undefined)?.tags;
  if (Array.isArray(tags) && tags.some((tag) => tag === 'market' || tag === 'payments')) {
    statuses.add(503);
  }
  return [...statuses].sort((a, b) => a - b);
}

/** A TypeBox schema as plain JSON for the document (no `$id`: it is a component there). */
function component(schema: object): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  delete copy.$id;
  return copy;
}

type Json = Record<string, unknown>;

/** The component an inline error schema is a copy of (by its fields), or null. */
function errorComponent(schema: unknown): string | null {
  const properties = (schema as { properties?: Json } | undefined)?.properties;
  if (properties === undefined || (schema as Json).type !== 'object') return null;
  const fields = Object.keys(properties).sort().join(',');
  if (fields === 'message,success') return 'ErrorBody';
  if (fields === 'code,declineCode,error,message,success') return 'PaymentErrorBody';
  return null;
}

const GENERIC_DESCRIPTIONS = new Set<unknown>([
  'Default Response',
  (ErrorBody as { description?: string }).description,
  (PaymentErrorBody as { description?: string }).description,
]);

/**
 * Every error answer of an operation: JSON (also on routes that answer images), the shared
 * error body by reference, and what its status means.
 */
function documentErrors(operation: Json): void {
  const responses = (operation.responses ?? {}) as Record<string, Json>;
  const bearer = needsBearer(operation.security);
  for (const [code, response] of Object.entries(responses)) {
    const status = Number(code);
    if (!(status >= 400)) continue;
    const contents = Object.values((response.content ?? {}) as Record<string, Json>);
    const schema = contents[0]?.schema;
    const name = errorComponent(schema);
    response.content = {
      'application/json': {
        schema: name === null ? schema : { $ref: `#/components/schemas/${name}` },
      },
    };
    if (GENERIC_DESCRIPTIONS.has(response.description)) {
      response.description =
        status === 401 && bearer ? BEARER_401 : (STATUS_TEXT[status] ?? 'Error');
    }
  }
}

const TAGS = [
  { name: 'account', description: 'Sign-up and sign-in (email, wallet, Google, Discord), resets' },
  { name: 'catalogue', description: 'Public lists of NFAs and land parcels, activity, search' },
  { name: 'purchases', description: "The caller's purchase check, payments and activity" },
  { name: 'profile', description: 'The signed-in user and the profile form' },
  { name: 'media', description: 'Item art, link-preview cards and avatars (images)' },
  { name: 'sitemap', description: "What the site's sitemaps are made from" },
  { name: 'payments', description: 'Card payments (Stripe, or the offline sandbox), collection' },
  { name: 'market', description: 'Listings, offers and the seller balance' },
  {
    name: 'notifications',
    description: "The caller's notifications, their preferences, and email unsubscribe links",
  },
  { name: 'watchlist', description: "The caller's watched items and their alert prices" },
  {
    name: 'releases',
    description: "The host's reports of the remotes' releases (loaded, failed) and their figures",
  },
  { name: 'health', description: 'Liveness and readiness (outside /api/v1)' },
  { name: 'document', description: 'This document' },
];

export interface OpenApiOptions {
  config: Config;
  /** OpenAPI 3.1 `webhooks`: requests another party sends to this API. */
  webhooks?: Record<string, unknown>;
}

export default fp(
  async (fastify, opts: OpenApiOptions) => {
    const { config } = opts;
    // Every documented route says who may call it and how it is named: checked as it is added.
    fastify.addHook('onRoute', (route) => {
      const schema = route.schema as
        { hide?: boolean; operationId?: unknown; security?: unknown } | undefined;
      if (route.method === 'HEAD' || schema?.hide === true) return;
      if (typeof schema?.operationId !== 'string' || !Array.isArray(schema.security)) {
        throw new Error(
          `${String(route.method)} ${route.url}: its schema needs an operationId and its security ` +
            '(bearer, or publicAccess) for the OpenAPI document',
        );
      }
    });

    await fastify.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Hyper Tek API',
          version: '1.0.0',
          summary: 'The backend of the Hyper Tek site: accounts, catalogue, market, payments',
          description:
            'Every call is under `/api/v1` (health checks at the root). Calls marked with ' +
            '`bearerAuth` need `Authorization: Bearer <token>`, the token a sign-in answers; ' +
            'those marked with `releaseToken` the release token instead; the others are public. ' +
            'Errors answer `{ success: false, message }` (`ErrorBody`; on the ' +
            'card and payment calls also `error`, `code`: `PaymentErrorBody`). Lists are keyset ' +
            'paged: `limit` and `cursor` (the previous page’s `nextCursor`).',
          contact: { name: 'Hyper Tek', url: config.siteUrl },
          license: {
            name: 'Proprietary: the Hyper Tek terms of use',
            url: `${config.siteUrl}/terms`,
          },
        },
        servers: [
          { url: config.publicApiUrl, description: 'This API (its origin: API_PUBLIC_ORIGIN)' },
        ],
        tags: TAGS,
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The token a sign-in or sign-up answers (HS256, JWT_EXPIRES_IN)',
            },
            releaseToken: {
              type: 'http',
              scheme: 'bearer',
              description:
                'The release token (RELEASE_TOKEN) of operators and the canary guard; a sign-in token is never accepted',
            },
            stripeSignature: {
              type: 'apiKey',
              in: 'header',
              name: 'Stripe-Signature',
              description: "Stripe's signature of the raw body with the webhook secret",
            },
          },
          schemas: {
            ErrorBody: component(ErrorBody),
            PaymentErrorBody: component(PaymentErrorBody),
          },
        },
        ...(opts.webhooks === undefined ? {} : { webhooks: opts.webhooks as never }),
      },
      // Document only: the statuses every route of a kind can answer, added to its own.
      transform: ({ schema, url, route }) => {
        if ((schema as { hide?: boolean } | undefined)?.hide === true) return { schema, url };
        const body = route.config?.errorField === true ? PaymentErrorBody : ErrorBody;
        const response = { ...((schema.response ?? {}) as Record<string, unknown>) };
        for (const status of sharedErrorStatuses(route)) response[String(status)] ??= body;
        return { schema: { ...schema, response }, url };
      },
      transformObject: (documentObject) => {
        const document = (documentObject as { openapiObject: Json }).openapiObject as Json & {
          paths?: Record<string, Record<string, Json>>;
        };
        for (const methods of Object.values(document.paths ?? {})) {
          for (const operation of Object.values(methods)) documentErrors(operation);
        }
        return document;
      },
    });
  },
  { name: 'openapi' },
);
