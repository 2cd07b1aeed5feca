/**
 * The market's events, live (issue 31, "Live pages"): `GET /market/stream`, Server-Sent Events.
 * Each message is one event of `GET /market/events` (the same fields, no user ids), its SSE `id`
 * the event's id. A browser's EventSource reconnects by itself with `Last-Event-ID`, and gets
 * every event after it, in order, once, then the live ones; `?after=ID` does the same on a
 * first connection. Optional filters: `item` (one item's events) and `kind` (nfa or land).
 *
 * One reader per instance follows the outbox and fans out to this instance's streams
 * (plugins/app/market-stream.ts, lib/market-stream.ts); nothing is shared between instances but
 * the database. The reply is
 * written by hand (hijacked): no serializer, compression or onSend hook holds a stream back.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ITEM_KINDS } from '@hypertek/shared/contract';
import { MarketEventSchema } from '@hypertek/shared/contract/wire';
import { badRequest, HttpError } from '../lib/errors';
import type { StreamFilter } from '../lib/market-stream';
import { streamClient } from '../plugins/app/market-stream';
import { errors, publicAccess } from './schemas';

export const STREAM_MESSAGES = {
  badLastEventId: 'Last-Event-ID must be the id of an event: a whole number, 0 or more',
  instanceFull: 'Too many live streams are open on this server. Please try again in a moment.',
  addressFull: 'Too many live streams are open from your address. Close one and try again.',
} as const;

/** Seconds a refused client is asked to wait (Retry-After). */
const RETRY_AFTER_SECONDS = 5;
const EVENT_ID = /^(0|[1-9][0-9]{0,15})$/;

const marketStreamRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const hub = fastify.marketStream;

  fastify.get(
    '/market/stream',
    {
      config: { publicRead: true },
      schema: {
        operationId: 'streamMarketEvents',
        tags: ['catalogue'],
        summary:
          "The market's events as they happen (Server-Sent Events): each message's `id` is the event's, `data` the event as GET /market/events gives it; reconnecting with `Last-Event-ID` (or `?after=`) gives every event after it, in order, once, then the live ones",
        description:
          'A comment line (`:`) every 15 s keeps idle streams open through proxies. An open stream ' +
          'with no `after` starts from now: its first message has only an `id` (the newest event), ' +
          'so a reconnection resumes from there. 503 when this server holds its most streams, 429 ' +
          'when the caller’s address does (both with Retry-After).',
        security: publicAccess,
        headers: Type.Object({
          'last-event-id': Type.Optional(
            Type.String({
              description: 'The id of the last event received (sent by EventSource on reconnect)',
            }),
          ),
        }),
        querystring: Type.Object(
          {
            after: Type.Optional(
              Type.Integer({
                minimum: 0,
                maximum: Number.MAX_SAFE_INTEGER,
                description:
                  'Events after this id (Last-Event-ID wins when both are sent); none: from now on',
              }),
            ),
            item: Type.Optional(
              Type.Integer({
                minimum: 1,
                maximum: Number.MAX_SAFE_INTEGER,
                description: "Only this item's events",
              }),
            ),
            kind: Type.Optional(Type.Enum(ITEM_KINDS, { description: 'Only NFAs or only lands' })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            description: 'An endless text/event-stream: `id: <event id>` and `data: <event JSON>`',
            content: { 'text/event-stream': { schema: MarketEventSchema } },
          },
          ...errors(400, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      let after: number | null = request.query.after ?? null;
      if (header !== undefined) {
        const text = header.trim();
        if (!EVENT_ID.test(text) || !Number.isSafeInteger(Number(text))) {
          throw badRequest(STREAM_MESSAGES.badLastEventId);
        }
        after = Number(text);
      }
      const admission = hub.admit(request.ip);
      if (admission !== 'ok') {
        void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw admission === 'instance-full'
          ? new HttpError(503, STREAM_MESSAGES.instanceFull)
          : new HttpError(429, STREAM_MESSAGES.addressFull);
      }
      const filter: StreamFilter | null =
        request.query.item === undefined && request.query.kind === undefined
          ? null
          : { itemId: request.query.item ?? null, itemKind: request.query.kind ?? null };

      // HEAD (Fastify answers it with the GET route): the headers, without holding a stream open.
      if (request.method === 'HEAD') {
        return reply
          .type('text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store, no-transform')
          .send('' as never);
      }

      // From here the connection is the stream's: headers (the security and CORS ones the hooks
      // set) written by hand, then frames as they come.
      reply.hijack();
      const res = reply.raw;
      res.socket?.setNoDelay(true);
      const headers = Object.entries(reply.getHeaders()).filter(
        (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
      );
      res.writeHead(200, {
        ...Object.fromEntries(headers),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        // nginx and others would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      const { subscriber, ready } = hub.join(streamClient(res), request.ip, filter, after);
      res.once('close', () => hub.leave(subscriber));
      await ready;
    },
  );
};

export default marketStreamRoutes;
