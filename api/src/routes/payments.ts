/**
 * Buying by card: card/pay-with-card (the card form; the server confirms), the embedded payment
 * element's payment/create-payment-intent, the status read /dashboard uses after a redirect,
 * the provider in use, and the buyer's collection. The server decides everything that matters:
 * the buyer is the bearer token's user, the amount is the item's price, one charge per order.
 * Errors on these routes also carry the message as `error` (the card form reads it).
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatPrice, MESSAGES, validateCardPayment } from '@hypertek/shared/contract';
import type { Config } from '../config/env';
import { API_MESSAGES, badRequest, conflict, HttpError, notFound } from '../lib/errors';
import type { OpenOutcome, PayOutcome } from '../lib/payments/payment-service';
import { ProviderUnavailableError } from '../lib/payments/provider';
import { parseItemId, type ApiItem } from '../repositories/items-repository';
import { refusalError } from './market-answers';
import {
  bearer,
  DEFAULT_PAGE_SIZE,
  errors,
  IntentStatusSchema,
  ItemSchema,
  KindSchema,
  listAnswer,
  ListResponse,
  Nullable,
  PageQuery,
  ProviderNameSchema,
  paymentErrors,
  publicAccess,
  UserIdParams,
} from './schemas';

export const PAYMENT_MESSAGES = {
  currencyRefused: 'Only payments in usd are accepted',
  amountMismatch: (priceCents: number): string =>
    `The amount does not match the item's price of ${formatPrice(priceCents / 100)}. Nothing was charged.`,
  providerUnreachable: 'The payment provider is not reachable right now. Nothing was charged.',
  providerUnreachableRead: 'The payment provider is not reachable right now. Please try again.',
  inProgress: 'A payment for this item is already in progress. Please wait a moment.',
  requiresAction: 'Your bank asks you to confirm this payment.',
  paymentNotFound: 'Payment not found',
} as const;

const Card = Nullable(Type.Object({ brand: Type.String(), last4: Type.String() }));
const Id = Type.Union([Type.String({ maxLength: 100 }), Type.Integer({ minimum: 0 })]);

const PaymentSummarySchema = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  paymentIntentId: Type.String(),
  status: Type.Literal('succeeded'),
  amount: Type.Number({ description: 'Dollars' }),
  amountCents: Type.Integer(),
  currency: Type.String(),
  provider: Type.String({
    description:
      "The provider that took the payment ('sandbox' or 'stripe'; older records may name others)",
  }),
  productId: Type.String(),
  title: Type.String(),
  kind: KindSchema,
  card: Card,
  createdAt: Type.String({ format: 'date-time' }),
});

const PayWithCardBody = Type.Object({
  userId: Type.Optional(Type.String({ maxLength: 100 })),
  userInfo: Type.Optional(
    Type.Object({
      name: Type.Optional(Type.String({ maxLength: 200 })),
      email: Type.Optional(Type.String({ maxLength: 254 })),
    }),
  ),
  gameDetails: Type.Optional(
    Type.Object({
      gameId: Type.Optional(Id),
      serialNumber: Type.Optional(Type.String({ maxLength: 100 })),
      title: Type.Optional(Type.String({ maxLength: 200 })),
      price: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 })])),
    }),
  ),
  paymentDetails: Type.Optional(
    Type.Object({
      amount: Type.Optional(Type.Number({ description: 'Cents' })),
      payment_method_id: Type.Optional(Type.String({ maxLength: 255 })),
      currency: Type.Optional(Type.String({ maxLength: 10 })),
    }),
  ),
  provider: Type.Optional(Type.String({ maxLength: 20 })),
  productId: Type.Optional(Id),
});

const CreateIntentBody = Type.Object({
  amount: Type.Optional(Type.Number({ description: 'Cents' })),
  userId: Type.Optional(Type.String({ maxLength: 100 })),
  gameId: Type.Optional(Id),
  gameTitle: Type.Optional(Type.String({ maxLength: 200 })),
  serialNumber: Type.Optional(Type.String({ maxLength: 100 })),
  currency: Type.Optional(Type.String({ maxLength: 10 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  productId: Type.Optional(Id),
});

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

function validateCreateIntent(body: Record<string, unknown>): string | null {
  return isBlank(body.userId) ||
    isBlank(body.amount) ||
    (isBlank(body.productId) && isBlank(body.gameId))
    ? MESSAGES.paymentDetailsRequired
    : null;
}

const paymentRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  const providerName = opts.config.payments.provider;

  /**
   * The item and the amount the buyer saw, with the checks every payment route makes, in the
   * contract's order. Whether that amount is the price of the sale (the listing's, or the buyer's
   * accepted offer's) is decided with the checkout itself, under the item's lock.
   */
  async function itemToBuy(
    productId: string | number | undefined,
    currency: string | undefined,
    amount: number | undefined,
  ): Promise<{ item: ApiItem; priceCents: number }> {
    const id = parseItemId(String(productId ?? '').trim());
    const item = id === null ? undefined : await fastify.itemsRepository.findById(id);
    if (item === undefined) throw notFound(API_MESSAGES.productNotFound);
    if ((currency ?? 'usd').trim().toLowerCase() !== 'usd') {
      throw badRequest(PAYMENT_MESSAGES.currencyRefused);
    }
    if (amount === undefined || !Number.isSafeInteger(amount) || amount <= 0) {
      throw badRequest(PAYMENT_MESSAGES.amountMismatch(Math.round(item.price * 100)));
    }
    return { item, priceCents: amount };
  }

  /** The answers every payment outcome but success shares. */
  function failWith(
    outcome: Exclude<PayOutcome | OpenOutcome, { kind: 'succeeded' | 'open' | 'requires_action' }>,
  ): never {
    switch (outcome.kind) {
      case 'declined': {
        const { failure } = outcome;
        throw new HttpError(402, failure.message, {
          code: failure.code ?? 'card_declined',
          ...(failure.declineCode === null ? {} : { declineCode: failure.declineCode }),
        });
      }
      case 'refused':
        throw new HttpError(
          outcome.statusCode,
          outcome.message,
          outcome.code === null ? undefined : { code: outcome.code },
        );
      case 'unbuyable':
        throw refusalError(outcome.refusal);
      case 'unavailable':
        throw new HttpError(502, PAYMENT_MESSAGES.providerUnreachable);
      case 'already_paid':
        throw conflict(MESSAGES.alreadyPurchased);
      case 'in_progress':
        throw conflict(PAYMENT_MESSAGES.inProgress);
    }
  }

  fastify.get(
    '/payment/config',
    {
      schema: {
        operationId: 'readPaymentConfig',
        tags: ['payments'],
        security: publicAccess,
        summary: 'The payment provider in use: sandbox (offline, test cards) or stripe',
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            provider: ProviderNameSchema,
          }),
        },
      },
    },
    async () => ({ success: true as const, provider: providerName }),
  );

  fastify.post(
    '/card/pay-with-card',
    {
      config: {
        errorField: true,
        validateBody: (body) =>
          validateCardPayment({
            userId: body.userId,
            paymentMethodId: asRecord(body.paymentDetails).payment_method_id,
          }),
      },
      schema: {
        operationId: 'payWithCard',
        tags: ['payments'],
        summary:
          "Pays for an item with a payment method: the item's price, once per order whatever the retries",
        security: bearer,
        body: PayWithCardBody,
        response: {
          200: Type.Union([
            Type.Object({
              success: Type.Literal(true),
              message: Type.String(),
              payment: PaymentSummarySchema,
            }),
            Type.Object({
              success: Type.Literal(false),
              requiresAction: Type.Literal(true),
              status: Type.Literal('requires_action'),
              paymentIntentId: Type.String(),
              clientSecret: Type.String(),
              message: Type.String(),
            }),
          ]),
          ...paymentErrors(400, 401, 402, 403, 404, 409, 413, 502),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const user = await fastify.auth.requireSelf(request, body.userId ?? '');
      if (isBlank(body.productId)) throw badRequest(MESSAGES.productIdRequired);
      const details = body.paymentDetails ?? {};
      const { item, priceCents } = await itemToBuy(
        body.productId,
        details.currency,
        details.amount,
      );
      const outcome = await fastify.payments.payWithCard(
        { userId: user.id, itemId: Number(item.id), priceCents, currency: 'usd' },
        (details.payment_method_id ?? '').trim(),
      );
      if (outcome.kind === 'succeeded') {
        return {
          success: true as const,
          message: MESSAGES.paymentSuccess,
          payment: outcome.payment,
        };
      }
      if (outcome.kind === 'requires_action') {
        return {
          success: false as const,
          requiresAction: true as const,
          status: 'requires_action' as const,
          paymentIntentId: outcome.intentId,
          clientSecret: outcome.clientSecret,
          message: PAYMENT_MESSAGES.requiresAction,
        };
      }
      return failWith(outcome);
    },
  );

  fastify.post(
    '/payment/create-payment-intent',
    {
      config: { errorField: true, validateBody: validateCreateIntent },
      schema: {
        operationId: 'createPaymentIntent',
        tags: ['payments'],
        summary:
          "The order's open PaymentIntent for the embedded payment element (created once, then reused)",
        security: bearer,
        body: CreateIntentBody,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            clientSecret: Type.String(),
            paymentIntentId: Type.String(),
            amount: Type.Integer({ description: 'Cents' }),
            currency: Type.String(),
            provider: ProviderNameSchema,
          }),
          ...paymentErrors(400, 401, 403, 404, 409, 413, 502),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const user = await fastify.auth.requireSelf(request, body.userId ?? '');
      const productId = isBlank(body.productId) ? body.gameId : body.productId;
      const { item, priceCents } = await itemToBuy(productId, body.currency, body.amount);
      const outcome = await fastify.payments.openIntent({
        userId: user.id,
        itemId: Number(item.id),
        priceCents,
        currency: 'usd',
      });
      if (outcome.kind !== 'open') return failWith(outcome);
      return {
        success: true as const,
        clientSecret: outcome.clientSecret,
        paymentIntentId: outcome.intentId,
        amount: outcome.amountCents,
        currency: outcome.currency,
        provider: providerName,
      };
    },
  );

  fastify.get(
    '/payment/payment-intent/:id',
    {
      config: { errorField: true },
      schema: {
        operationId: 'readPaymentIntent',
        tags: ['payments'],
        summary:
          "The caller's PaymentIntent as the provider has it now; records the purchase when it succeeded",
        security: bearer,
        params: Type.Object({ id: Type.String({ maxLength: 255 }) }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            paymentIntent: Type.Object({
              id: Type.String(),
              status: IntentStatusSchema,
              amount: Type.Number({ description: 'Dollars' }),
              amountCents: Type.Integer(),
              currency: Type.String(),
              productId: Type.String(),
              title: Type.String(),
              kind: KindSchema,
              failureMessage: Nullable(Type.String()),
            }),
          }),
          ...paymentErrors(401, 404, 502),
        },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      let view;
      try {
        view = await fastify.payments.readIntent(user.id, request.params.id);
      } catch (error) {
        if (error instanceof ProviderUnavailableError) {
          throw new HttpError(502, PAYMENT_MESSAGES.providerUnreachableRead);
        }
        throw error;
      }
      if (view === undefined) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
      const item = await fastify.itemsRepository.findById(view.attempt.itemId);
      return {
        success: true as const,
        paymentIntent: {
          id: request.params.id,
          status: view.status,
          amount: view.attempt.amountCents / 100,
          amountCents: view.attempt.amountCents,
          currency: view.attempt.currency,
          productId: String(view.attempt.itemId),
          title: item?.title ?? '',
          kind: item?.kind ?? 'nfa',
          failureMessage: view.failureMessage,
        },
      };
    },
  );

  const CollectionQuery = Type.Object({ ...PageQuery.properties, kind: Type.Optional(KindSchema) });

  fastify.get(
    '/collection/:userId',
    {
      schema: {
        operationId: 'listCollection',
        tags: ['payments'],
        summary: 'The items the caller has paid for, newest purchase first',
        security: bearer,
        params: UserIdParams,
        querystring: CollectionQuery,
        response: { 200: ListResponse(ItemSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireSelf(request, request.params.userId);
      const { query } = request;
      const page = await fastify.paymentsRepository.collection(
        user.id,
        query.limit ?? DEFAULT_PAGE_SIZE,
        query.cursor,
        query.kind,
      );
      return listAnswer(page, 'No items yet', 'Collection fetched');
    },
  );
};

export default paymentRoutes;
