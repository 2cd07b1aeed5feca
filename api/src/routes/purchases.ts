/**
 * The signed-in user's data: game/create (the purchase check), history/history/{userId} and
 * activity/{userId}. Identity comes from the bearer token; naming another user is a 403.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGES, validatePurchase } from '@hypertek/shared/contract';
import { API_MESSAGES, notFound } from '../lib/errors';
import { parseItemId } from '../repositories/items-repository';
import { refusalError } from './market-answers';
import {
  ActivitySchema,
  bearer,
  DEFAULT_PAGE_SIZE,
  errors,
  listAnswer,
  ListResponse,
  MAX_PAGE_SIZE,
  Nullable,
  PageQuery,
  PaymentSchema,
  UserIdParams,
} from './schemas';

const purchaseRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/game/create',
    {
      config: { validateBody: validatePurchase },
      schema: {
        operationId: 'checkPurchase',
        tags: ['purchases'],
        summary:
          "Purchase check: exist is 'yes' when the caller owns the item; 'no' with the price they would pay now (the listing's, or their accepted offer's); 409 when it cannot be bought now",
        security: bearer,
        body: Type.Object({
          userId: Type.Optional(Type.String({ maxLength: 100 })),
          productId: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            exist: Type.Union([Type.Literal('yes'), Type.Literal('no')]),
            message: Type.String(),
            price: Type.Optional(Type.Number({ description: 'Dollars: what the caller pays now' })),
            reservedUntil: Type.Optional(
              Nullable(
                Type.String({ format: 'date-time', description: 'Reserved for the caller until' }),
              ),
            ),
          }),
          ...errors(400, 401, 403, 404, 409, 413),
        },
      },
    },
    async (request) => {
      const { userId = '', productId = '' } = request.body;
      const user = await fastify.auth.requireSelf(request, userId);
      const itemId = parseItemId(productId.trim());
      if (itemId === null) throw notFound(API_MESSAGES.productNotFound);
      const sale = await fastify.marketRepository.preview(user.id, itemId);
      if (sale.kind === 'refused') throw refusalError(sale);
      return sale.kind === 'owned'
        ? { success: true as const, exist: 'yes' as const, message: MESSAGES.alreadyPurchased }
        : {
            success: true as const,
            exist: 'no' as const,
            message: 'Not purchased yet',
            price: sale.priceCents / 100,
            reservedUntil: sale.reservedUntil?.toISOString() ?? null,
          };
    },
  );

  fastify.get(
    '/history/history/:userId',
    {
      schema: {
        operationId: 'listPayments',
        tags: ['purchases'],
        summary: "The caller's payments, newest first",
        security: bearer,
        params: UserIdParams,
        response: { 200: ListResponse(PaymentSchema), ...errors(401, 403) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireSelf(request, request.params.userId);
      const data = await fastify.ordersRepository.history(user.id, MAX_PAGE_SIZE);
      // a message containing 'No payments found' marks the empty state.
      return listAnswer(
        { data, nextCursor: null },
        MESSAGES.noPaymentsFound,
        'Payment history fetched',
      );
    },
  );

  fastify.get(
    '/activity/:userId',
    {
      schema: {
        operationId: 'listOwnActivity',
        tags: ['purchases'],
        summary: "The caller's own activity (bought or sold), newest first",
        security: bearer,
        params: UserIdParams,
        querystring: PageQuery,
        response: { 200: ListResponse(ActivitySchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireSelf(request, request.params.userId);
      const page = await fastify.activityRepository.page(
        request.query.limit ?? DEFAULT_PAGE_SIZE,
        request.query.cursor,
        user.id,
      );
      return listAnswer(page, 'No activity yet', 'Activity fetched');
    },
  );
};

export default purchaseRoutes;
