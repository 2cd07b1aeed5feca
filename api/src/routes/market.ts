/**
 * The secondary market (docs/product.md, The market): listings (list, reprice, cancel in bulk,
 * a wallet account's signed listing), offers (make, accept, decline, cancel; received and made)
 * and the seller's balance. Every call acts as the bearer token's user: naming another user is a
 * 403, acting on another user's listing or offer is a 403, and a refusal changes nothing.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEFAULT_LISTING_EXPIRY,
  EXPIRY_DURATION_MS,
  MARKET_MESSAGES,
  validateMarketPrice,
  type MarketOffer,
} from '@hypertek/shared/contract';
import { getAddress, isAddress, isHex, verifyMessage } from 'viem';
import type { Config } from '../config/env';
import { badRequest } from '../lib/errors';
import type { NeedsRelease, Refusal } from '../market/refusals';
import {
  cancelResult,
  listingMessage,
  MARKET_WORDS,
  refusalError,
  refusalWords,
  refuse,
} from './market-answers';
import {
  BalanceAnswerSchema,
  CancelListingsAnswerSchema,
  ListingAnswerSchema,
  ListingSchema,
  OfferAnswerSchema,
  OfferSchema,
} from '@hypertek/shared/contract/wire';
import {
  CancelListingsBody,
  IdParams,
  ListingBody,
  OfferBody,
  readTerms,
  RepriceBody,
  termsValidator,
  UUID,
} from './market-schemas';
import { bearer, errors, ListResponse, MAX_PAGE_SIZE, PageQuery, UserIdParams } from './schemas';

/** The words of a refusal that carries nothing but its reason (a body validator's answer). */
const words = (reason: Parameters<typeof refuse>[0]): string =>
  refusalWords({ kind: 'refused', reason });
const isRelease = (result: { kind: string }): result is NeedsRelease => result.kind === 'release';
const isRefusal = (result: { kind: string }): result is Refusal => result.kind === 'refused';

const marketRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify) => {
  const market = fastify.marketRepository;
  const changed = () => fastify.marketChanged();

  /**
   * Runs a market action; when a lapsed checkout hold stands in the way with its payment still
   * open at the provider, cancels that payment there first and runs the action once more.
   */
  async function run<T extends { kind: string }>(
    action: () => Promise<T | Refusal | NeedsRelease>,
  ): Promise<T> {
    let result = await action();
    if (isRelease(result)) {
      await fastify.payments.releaseHold(result.orderId);
      result = await action();
      if (isRelease(result)) throw refuse('busy');
    }
    if (isRefusal(result)) throw refusalError(result);
    return result;
  }

  const itemOf = (itemId: number | null): number => {
    if (itemId === null) throw refuse('itemNotFound');
    return itemId;
  };

  fastify.post(
    '/market/listings/message',
    {
      config: { validateBody: termsValidator(DEFAULT_LISTING_EXPIRY) },
      schema: {
        operationId: 'createListingMessage',
        tags: ['market'],
        summary: 'The text a wallet account signs (personal_sign) to list an item',
        security: bearer,
        body: ListingBody,
        response: {
          200: Type.Object({ success: Type.Literal(true), message: Type.String() }),
          ...errors(400, 401, 404, 413),
        },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      const terms = readTerms(request.body, DEFAULT_LISTING_EXPIRY);
      if (typeof terms === 'string') throw badRequest(terms);
      if (user.walletAddress === null) throw refuse('noWallet');
      return {
        success: true as const,
        message: listingMessage({
          itemId: itemOf(terms.itemId),
          priceCents: terms.priceCents,
          expiresIn: terms.expiresIn,
          address: getAddress(user.walletAddress),
        }),
      };
    },
  );

  fastify.post(
    '/market/listings',
    {
      config: {
        validateBody: termsValidator(DEFAULT_LISTING_EXPIRY),
        multilineFields: ['message'],
      },
      schema: {
        operationId: 'createListing',
        tags: ['market'],
        summary:
          'Lists an item the caller owns at a price until the chosen time; one active listing per item',
        security: bearer,
        body: ListingBody,
        response: { 201: ListingAnswerSchema, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const user = await fastify.auth.requireUser(request);
      const terms = readTerms(request.body, DEFAULT_LISTING_EXPIRY);
      if (typeof terms === 'string') throw badRequest(terms);
      const itemId = itemOf(terms.itemId);
      const { message, signature } = request.body;
      let signed: { message: string; signature: string } | null = null;
      if (signature !== undefined && signature !== '') {
        // A wallet account's signed listing: the text must be the one for these terms, signed by
        // the account's own wallet.
        if (user.walletAddress === null || !isAddress(user.walletAddress, { strict: false })) {
          throw refuse('noWallet');
        }
        const address = getAddress(user.walletAddress);
        const expected = listingMessage({
          itemId,
          priceCents: terms.priceCents,
          expiresIn: terms.expiresIn,
          address,
        });
        if (message !== expected) throw refuse('messageMismatch');
        const valid =
          isHex(signature) &&
          (await verifyMessage({ address, message: expected, signature }).catch(() => false));
        if (!valid) throw refuse('signatureMismatch');
        signed = { message: expected, signature };
      }
      const result = await run(() =>
        market.createListing({
          userId: user.id,
          itemId,
          priceCents: terms.priceCents,
          durationMs: EXPIRY_DURATION_MS[terms.expiresIn],
          signedMessage: signed?.message ?? null,
          signature: signed?.signature ?? null,
        }),
      );
      changed();
      return reply
        .code(201)
        .send({ success: true as const, message: MARKET_MESSAGES.listed, listing: result.listing });
    },
  );

  fastify.patch(
    '/market/listings/:id',
    {
      config: {
        validateBody: (body) => {
          const amount = validateMarketPrice(body.price);
          return typeof amount === 'string' ? amount : null;
        },
      },
      schema: {
        operationId: 'repriceListing',
        tags: ['market'],
        summary: "Changes the price of the caller's active listing (not while a buyer is paying)",
        security: bearer,
        params: IdParams,
        body: RepriceBody,
        response: { 200: ListingAnswerSchema, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      const amount = validateMarketPrice(request.body.price);
      if (typeof amount === 'string') throw badRequest(amount);
      if (!UUID.test(request.params.id)) throw refuse('listingNotFound');
      const result = await run(() =>
        market.reprice(user.id, request.params.id, Math.round(amount * 100)),
      );
      changed();
      return { success: true as const, message: MARKET_MESSAGES.repriced, listing: result.listing };
    },
  );

  fastify.post(
    '/market/listings/cancel',
    {
      config: {
        validateBody: (body) => {
          const { ids } = body;
          if (!Array.isArray(ids) || ids.length === 0) return words('idsRequired');
          return ids.length > 50 ? words('tooMany') : null;
        },
      },
      schema: {
        operationId: 'cancelListings',
        tags: ['market'],
        summary:
          "Cancels the caller's listings; says per listing what became of it (sold or expired meanwhile)",
        security: bearer,
        body: CancelListingsBody,
        response: {
          200: CancelListingsAnswerSchema,
          ...errors(400, 401, 403, 404, 413),
        },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      const ids = [...new Set(request.body.ids ?? [])];
      if (ids.length === 0) throw refuse('idsRequired');
      // Another user's listing anywhere in the request refuses it all, before anything changes.
      const sellers = await market.sellersOf(ids.filter((id) => UUID.test(id)));
      if ([...sellers.values()].some((seller) => seller !== user.id)) {
        throw refuse('listingNotYours');
      }
      const results = [];
      for (const id of ids) {
        if (!sellers.has(id)) {
          results.push({
            _id: id,
            status: 'not-found' as const,
            message: words('listingNotFound'),
          });
          continue;
        }
        const done = await run(() => market.cancelListing(user.id, id));
        results.push({ _id: id, ...cancelResult(done) });
      }
      changed();
      const cancelled = results.filter((r) => r.status === 'cancelled').length;
      return {
        success: true as const,
        message: MARKET_WORDS.cancelledCount(cancelled, results.length),
        results,
      };
    },
  );

  fastify.get(
    '/market/listings/user/:userId',
    {
      schema: {
        operationId: 'listOwnListings',
        tags: ['market'],
        summary:
          "The caller's listings, newest first: active ones, or all (sold, cancelled, expired too)",
        security: bearer,
        params: UserIdParams,
        querystring: Type.Object({
          status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('all')])),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 })),
          cursor: PageQuery.properties.cursor,
        }),
        response: { 200: ListResponse(ListingSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireSelf(request, request.params.userId);
      const page = await market.listingsOf(
        user.id,
        request.query.status ?? 'all',
        request.query.limit ?? 50,
        request.query.cursor,
      );
      return {
        success: true as const,
        message: MARKET_WORDS.listings(page.data.length),
        ...page,
      };
    },
  );

  fastify.post(
    '/market/offers',
    {
      config: { validateBody: termsValidator(null) },
      schema: {
        operationId: 'createOffer',
        tags: ['market'],
        summary:
          "Makes an offer on an item the caller does not own (replacing the caller's open offer on it)",
        security: bearer,
        body: OfferBody,
        response: { 201: OfferAnswerSchema, ...errors(400, 401, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const user = await fastify.auth.requireUser(request);
      const terms = readTerms(request.body, null);
      if (typeof terms === 'string') throw badRequest(terms);
      const result = await run(() =>
        market.makeOffer({
          buyerId: user.id,
          itemId: itemOf(terms.itemId),
          priceCents: terms.priceCents,
          durationMs: EXPIRY_DURATION_MS[terms.expiresIn],
        }),
      );
      changed();
      return reply
        .code(201)
        .send({ success: true as const, message: MARKET_MESSAGES.offerMade, offer: result.offer });
    },
  );

  const offerList = (
    path: string,
    operationId: string,
    summary: string,
    read: typeof market.offersMade,
  ) =>
    fastify.get(
      path,
      {
        schema: {
          operationId,
          tags: ['market'],
          summary,
          security: bearer,
          params: UserIdParams,
          response: { 200: ListResponse(OfferSchema), ...errors(401, 403) },
        },
      },
      async (request) => {
        const user = await fastify.auth.requireSelf(request, request.params.userId);
        const data = await read(user.id, MAX_PAGE_SIZE);
        return {
          success: true as const,
          message: MARKET_WORDS.offers(data.length),
          data,
          nextCursor: null,
        };
      },
    );
  offerList(
    '/market/offers/received/:userId',
    'listOffersReceived',
    "Open and accepted offers on the caller's items, newest first",
    (userId, limit) => market.offersReceived(userId, limit),
  );
  offerList(
    '/market/offers/made/:userId',
    'listOffersMade',
    "The caller's offers, newest first",
    (userId, limit) => market.offersMade(userId, limit),
  );

  const offerAction = (
    action: 'accept' | 'decline' | 'cancel',
    summary: string,
    handle: (userId: string, offerId: string) => Promise<{ message: string; offer: MarketOffer }>,
  ) =>
    fastify.post(
      `/market/offers/:id/${action}`,
      {
        schema: {
          operationId: `${action}Offer`,
          tags: ['market'],
          summary,
          security: bearer,
          params: IdParams,
          response: { 200: OfferAnswerSchema, ...errors(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const user = await fastify.auth.requireUser(request);
        if (!UUID.test(request.params.id)) throw refuse('offerNotFound');
        const answer = await handle(user.id, request.params.id);
        changed();
        return { success: true as const, ...answer };
      },
    );

  offerAction(
    'accept',
    'The owner accepts an open offer: the item is reserved for its maker to pay, at that price',
    async (userId, offerId) => {
      // The maker is told by the notifications worker (their notification, and a mail their
      // preferences allow), from the market's offer.accepted event.
      const result = await run(() => market.acceptOffer(userId, offerId));
      return { message: MARKET_MESSAGES.offerAccepted, offer: result.offer };
    },
  );
  offerAction('decline', 'The owner declines an open offer', async (userId, offerId) => {
    const result = await run(() => market.declineOffer(userId, offerId));
    return { message: MARKET_MESSAGES.offerDeclined, offer: result.offer };
  });
  offerAction(
    'cancel',
    'The maker cancels their offer (an accepted one too, ending its reservation)',
    async (userId, offerId) => {
      const result = await run(() => market.cancelOffer(userId, offerId));
      return { message: MARKET_MESSAGES.offerCancelled, offer: result.offer };
    },
  );

  fastify.get(
    '/market/balance/:userId',
    {
      schema: {
        operationId: 'readBalance',
        tags: ['market'],
        summary: "The caller's ledger balance: sales credited, less the commission",
        security: bearer,
        params: UserIdParams,
        response: {
          200: BalanceAnswerSchema,
          ...errors(401, 403),
        },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireSelf(request, request.params.userId);
      const cents = await market.balance(user.id);
      return {
        success: true as const,
        message: MARKET_WORDS.balance,
        balance: cents / 100,
        balanceCents: cents,
        currency: 'usd' as const,
      };
    },
  );
};

export default marketRoutes;
