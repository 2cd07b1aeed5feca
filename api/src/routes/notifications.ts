/**
 * Notifications (docs/product.md, "Notifications"): the caller's list (newest first, paged, with
 * the unread count), marking one or all read, and their preferences (per kind, the minimum
 * offer). Every call acts as the bearer token's user; another user's notification is answered
 * exactly as one that does not exist (404): the call never tells whether it exists.
 * The one-click unsubscribe of a mail (RFC 8058) needs no sign-in: its signed token names the
 * user and the one kind it stops; POST does it, GET says what it would do.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isMailedNotificationKind, validateMarketPrice } from '@hypertek/shared/contract';
import {
  NotificationPreferencesAnswerSchema,
  NotificationPreferencesBodySchema,
  NotificationsAnswerSchema,
  NotificationsReadAnswerSchema,
  UnsubscribeAnswerSchema,
} from '@hypertek/shared/contract/wire';
import { decodeIdCursor, paginate } from '../lib/cursor';
import { badRequest, notFound } from '../lib/errors';
import { MAX_TOKEN_LENGTH } from '../notifications/unsubscribe';
import { NOTIFICATION_WORDS as WORDS, notificationText } from '../notifications/words';
import { bearer, DEFAULT_PAGE_SIZE, errors, PageQuery, publicAccess } from './schemas';

const notificationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const repository = fastify.notificationsRepository;

  fastify.get(
    '/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        summary: "The caller's notifications, newest first, and how many are unread",
        security: bearer,
        querystring: Type.Object(PageQuery.properties, { additionalProperties: false }),
        response: { 200: NotificationsAnswerSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      const limit = request.query.limit ?? DEFAULT_PAGE_SIZE;
      const before = decodeIdCursor(request.query.cursor);
      const [rows, unread] = await Promise.all([
        repository.list(user.id, before, limit),
        repository.unread(user.id),
      ]);
      const { page, nextCursor } = paginate(rows, limit, (last) => [last.notification.id]);
      return {
        success: true as const,
        message: WORDS.list,
        data: page.map(({ notification: n, title }) => ({
          id: String(n.id),
          kind: n.kind,
          text: notificationText(n.kind, { title, amountCents: n.amountCents }),
          itemId: String(n.itemId),
          itemKind: n.itemKind,
          title,
          offerId: n.offerId,
          price: n.amountCents === null ? null : n.amountCents / 100,
          priceCents: n.amountCents,
          reservedUntil: n.reservedUntil?.toISOString() ?? null,
          at: n.createdAt.toISOString(),
          read: n.readAt !== null,
        })),
        nextCursor,
        unread,
      };
    },
  );

  fastify.post(
    '/notifications/:id/read',
    {
      schema: {
        operationId: 'readNotification',
        tags: ['notifications'],
        summary: "Marks one of the caller's notifications read",
        security: bearer,
        params: Type.Object({ id: Type.String({ maxLength: 30 }) }),
        response: { 200: NotificationsReadAnswerSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      const { id } = request.params;
      if (!/^[1-9]\d{0,15}$/.test(id) || !Number.isSafeInteger(Number(id))) {
        throw badRequest(WORDS.idInvalid);
      }
      if (!(await repository.markRead(user.id, Number(id)))) throw notFound(WORDS.notFound);
      return {
        success: true as const,
        message: WORDS.read,
        unread: await repository.unread(user.id),
      };
    },
  );

  fastify.post(
    '/notifications/read-all',
    {
      schema: {
        operationId: 'readAllNotifications',
        tags: ['notifications'],
        summary: "Marks every one of the caller's notifications read",
        security: bearer,
        response: { 200: NotificationsReadAnswerSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      await repository.markAllRead(user.id);
      return { success: true as const, message: WORDS.readAll, unread: 0 };
    },
  );

  const preferencesAnswer = async (userId: string, message: string) => {
    const { kinds, minOfferCents } = await repository.preferences(userId);
    return {
      success: true as const,
      message,
      kinds,
      minOfferPrice: minOfferCents === null ? null : minOfferCents / 100,
      minOfferCents,
    };
  };

  fastify.get(
    '/notifications/preferences',
    {
      schema: {
        operationId: 'readNotificationPreferences',
        tags: ['notifications'],
        summary: "The caller's notification preferences: each kind's switches, the minimum offer",
        security: bearer,
        response: { 200: NotificationPreferencesAnswerSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      return preferencesAnswer(user.id, WORDS.preferences);
    },
  );

  fastify.patch(
    '/notifications/preferences',
    {
      schema: {
        operationId: 'changeNotificationPreferences',
        tags: ['notifications'],
        summary:
          'Changes what it names: a kind in the notification centre and by email, the minimum offer (null: none)',
        security: bearer,
        body: NotificationPreferencesBodySchema,
        response: { 200: NotificationPreferencesAnswerSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      const { kinds = [], minOfferPrice } = request.body;
      const seen = new Set<string>();
      for (const change of kinds) {
        if (seen.has(change.kind)) throw badRequest(WORDS.kindTwice(change.kind));
        seen.add(change.kind);
        if (change.email !== undefined && !isMailedNotificationKind(change.kind)) {
          throw badRequest(WORDS.notMailed(change.kind));
        }
      }
      let minOfferCents: number | null | undefined;
      if (minOfferPrice === null) minOfferCents = null;
      else if (minOfferPrice !== undefined) {
        const price = validateMarketPrice(minOfferPrice);
        if (typeof price === 'string') throw badRequest(`Minimum offer: ${price}`);
        minOfferCents = Math.round(price * 100);
      }
      await repository.change(user.id, { kinds, minOfferCents });
      return preferencesAnswer(user.id, WORDS.preferencesSaved);
    },
  );

  // The one-click unsubscribe: mail apps POST `List-Unsubscribe=One-Click` as a form.
  const unsubscribeRoutes: FastifyPluginAsyncTypebox = async (unsubscribe) => {
    unsubscribe.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    const schema = (method: 'GET' | 'POST') => ({
      operationId: method === 'GET' ? 'readUnsubscribeLink' : 'unsubscribe',
      tags: ['notifications'],
      summary:
        method === 'GET'
          ? "What an email's unsubscribe link stops (changes nothing)"
          : "One-click unsubscribe (RFC 8058): stops the link's one kind of email; no sign-in",
      security: publicAccess,
      querystring: Type.Object(
        { token: Type.String({ minLength: 1, maxLength: MAX_TOKEN_LENGTH }) },
        { additionalProperties: false },
      ),
      response: { 200: UnsubscribeAnswerSchema, ...errors(400) },
    });
    // A forged or altered token, or one whose account is gone: refused, nothing changed.
    const tokenOf = async (token: string) => {
      const named = fastify.unsubscribeTokens.read(token);
      if (named === null || (await fastify.usersRepository.findById(named.userId)) === undefined) {
        throw badRequest(WORDS.unsubscribeInvalid);
      }
      return named;
    };
    const isMailedOn = async (userId: string, kind: string) =>
      (await repository.preferences(userId)).kinds.find((k) => k.kind === kind)?.email === true;

    unsubscribe.get('/notifications/unsubscribe', { schema: schema('GET') }, async (request) => {
      const { userId, kind } = await tokenOf(request.query.token);
      return {
        success: true as const,
        message: WORDS.unsubscribeConfirm(kind),
        kind,
        email: await isMailedOn(userId, kind),
      };
    });
    unsubscribe.post('/notifications/unsubscribe', { schema: schema('POST') }, async (request) => {
      const { userId, kind } = await tokenOf(request.query.token);
      await repository.change(userId, { kinds: [{ kind, email: false }] });
      return { success: true as const, message: WORDS.unsubscribed(kind), kind, email: false };
    });
  };
  await fastify.register(unsubscribeRoutes);
};

export default notificationRoutes;
