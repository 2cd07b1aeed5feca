/**
 * Card payments, whichever the provider: pay with a card (the server confirms), open an intent
 * for the embedded payment element (the browser confirms), read an intent's outcome, and take
 * provider events. The server decides: the amount is the item's price, the buyer is the caller,
 * and each order has one PaymentIntent at a time, confirmed by one request at a time (see the
 * payments repository), with an idempotency key on every provider call.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MarketRepository } from '../../market';
import type { Refusal } from '../../market/refusals';
import type { SweepResult } from '../../market/sweep';
import type { AttemptRow, Claim, PaymentsRepository } from '../../repositories/payments-repository';
import type { PaymentSummary } from '../../repositories/payment-reads';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  type ConfirmResult,
  type IntentStatus,
  type PaymentFailure,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from './provider';

/**
 * How card payments end, as the metrics count them (`hypertek_payments_total{outcome}`):
 * - succeeded: a purchase was recorded (once per purchase, whichever way the API learnt of it:
 *   the card form, the embedded element's status read or sandbox step, a webhook);
 * - declined: the provider declined a card (declined, insufficient funds, failed authentication),
 *   counted when the decline is stored on the payment; the same decline told again (a webhook
 *   after the card form's answer) is not counted again, so neither are two identical declines
 *   in a row of one embedded payment that the API only learns of afterwards;
 * - refused: the provider refused the request itself (e.g. an unknown payment method);
 * - unavailable: the provider could not be reached to create or confirm a payment (the buyer
 *   got a 502 and can try again).
 */
export const PAYMENT_OUTCOMES = ['succeeded', 'declined', 'refused', 'unavailable'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export interface PaymentServiceOptions {
  provider: PaymentProvider;
  repository: PaymentsRepository;
  market: MarketRepository;
  /** The site: an embedded-flow intent confirmed by the server returns to its /dashboard. */
  siteUrl: string;
  /** How long a request may hold an attempt while it calls the provider (longer than a call). */
  leaseMs: number;
  /** Called after a purchase is recorded (public caches that show purchases and owners). */
  onPurchase: () => void;
  /** Called with each payment's outcome as it happens (metrics); see PAYMENT_OUTCOMES. */
  onOutcome?: (outcome: PaymentOutcome) => void;
  log: FastifyBaseLogger;
}

/** What the card form's request ends in. */
export type PayOutcome =
  | { kind: 'succeeded'; payment: PaymentSummary }
  | { kind: 'requires_action'; intentId: string; clientSecret: string }
  | { kind: 'declined'; failure: PaymentFailure }
  | { kind: 'refused'; message: string; code: string | null; statusCode: number }
  /** The market refused the checkout (not for sale, held, a new price): its reason. */
  | { kind: 'unbuyable'; refusal: Refusal }
  | { kind: 'unavailable' }
  | { kind: 'already_paid' }
  | { kind: 'in_progress' };

export type OpenOutcome =
  | { kind: 'open'; intentId: string; clientSecret: string; amountCents: number; currency: string }
  | Extract<
      PayOutcome,
      { kind: 'refused' | 'unbuyable' | 'unavailable' | 'already_paid' | 'in_progress' }
    >;

/** An intent as the status read answers it (Stripe's status values only). */
export interface IntentView {
  attempt: AttemptRow;
  status: IntentStatus;
  failureMessage: string | null;
}

export interface ItemToBuy {
  userId: string;
  itemId: number;
  priceCents: number;
  currency: string;
}

const GENERIC_FAILURE: PaymentFailure = {
  message: 'Your payment could not be completed. Please try another card.',
  code: null,
  declineCode: null,
};

/** The webhook events that change a payment; others are acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
]);

/** How many times a request re-decides after waiting for, or resuming, someone else's call. */
const MAX_ROUNDS = 4;

export function createPaymentService(options: PaymentServiceOptions) {
  const { provider, repository, market, log } = options;
  const waitMs = options.leaseMs + 2_000;

  const countOutcome = (name: PaymentOutcome) => options.onOutcome?.(name);
  /** After the store took a provider's answer: a purchase recorded, or a new decline. */
  const recorded = (result: { recorded: boolean; declined?: boolean }) => {
    if (result.recorded) {
      options.onPurchase();
      countOutcome('succeeded');
    }
    if (result.declined === true) countOutcome('declined');
  };

  /** Our status of an attempt, in Stripe's words. */
  function publicStatus(status: AttemptRow['status']): IntentStatus {
    switch (status) {
      case 'creating':
        return 'requires_payment_method';
      case 'confirming':
        return 'processing';
      case 'failed':
        return 'canceled';
      default:
        return status;
    }
  }

  const failureOf = (attempt: AttemptRow): PaymentFailure | null =>
    attempt.failureMessage === null
      ? null
      : {
          message: attempt.failureMessage,
          code: attempt.failureCode,
          declineCode: attempt.failureDeclineCode,
        };

  /** The answer a card request gets for an attempt in this state. */
  async function outcomeOf(attempt: AttemptRow): Promise<PayOutcome> {
    switch (attempt.status) {
      case 'succeeded': {
        const payment = await repository.paymentOfOrder(attempt.orderId);
        return payment === undefined ? { kind: 'in_progress' } : { kind: 'succeeded', payment };
      }
      case 'requires_action':
        return attempt.providerRef === null || attempt.clientSecret === null
          ? { kind: 'in_progress' }
          : {
              kind: 'requires_action',
              intentId: attempt.providerRef,
              clientSecret: attempt.clientSecret,
            };
      case 'requires_payment_method':
        return { kind: 'declined', failure: failureOf(attempt) ?? GENERIC_FAILURE };
      case 'creating':
      case 'confirming':
        return { kind: 'unavailable' };
      case 'failed': {
        const failure = failureOf(attempt) ?? GENERIC_FAILURE;
        return { kind: 'refused', message: failure.message, code: failure.code, statusCode: 400 };
      }
      default:
        return { kind: 'in_progress' };
    }
  }

  /**
   * Makes the provider call a claim asks for, then stores its outcome. Returns the attempt as
   * stored, or the outcome when the call did not settle it (refused, provider unreachable).
   */
  async function callProvider(
    claim: Extract<Claim, { kind: 'call' }>,
  ): Promise<{ attempt: AttemptRow } | { outcome: PayOutcome }> {
    const { attempt, op } = claim;
    let result: ConfirmResult;
    try {
      if (op === 'create') {
        result = await provider.createIntent({
          amountCents: attempt.amountCents,
          currency: attempt.currency,
          idempotencyKey: attempt.idempotencyKey,
          metadata: {
            orderId: attempt.orderId,
            userId: attempt.userId,
            itemId: String(attempt.itemId),
            attemptId: attempt.id,
          },
          ...(attempt.flow === 'card' && attempt.paymentMethodId !== null
            ? { paymentMethodId: attempt.paymentMethodId }
            : {}),
        });
      } else {
        if (attempt.providerRef === null || attempt.paymentMethodId === null) {
          throw new Error(`attempt ${attempt.id} has nothing to confirm`);
        }
        result = await provider.confirmIntent(attempt.providerRef, {
          paymentMethodId: attempt.paymentMethodId,
          idempotencyKey: `${attempt.idempotencyKey}:confirm:${attempt.confirmSeq}`,
          ...(attempt.flow === 'embedded' ? { returnUrl: `${options.siteUrl}/dashboard` } : {}),
        });
      }
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        log.warn({ attemptId: attempt.id, op, err: error }, 'payment provider unreachable');
        countOutcome('unavailable');
        await repository.release(attempt.id);
        return { outcome: { kind: 'unavailable' } };
      }
      if (error instanceof ProviderRequestError) {
        return { outcome: await refused(attempt, op, error) };
      }
      await repository.release(attempt.id);
      throw error;
    }
    let settled;
    try {
      settled = await repository.settle(attempt.id, result.intent, result.declined);
    } catch (error) {
      // The provider's answer is not stored: the next request repeats the call (same key, same
      // answer) at once instead of waiting for the lease to run out.
      await repository.release(attempt.id).catch(() => {});
      throw error;
    }
    recorded(settled);
    log.debug(
      {
        attemptId: attempt.id,
        op,
        intent: result.intent.id,
        status: settled.attempt.status,
        declined: result.declined?.code ?? null,
        card: result.intent.card,
      },
      'payment provider answered',
    );
    return { attempt: settled.attempt };
  }

  /** The provider refused a call: a create ends the attempt; a confirm re-reads the intent. */
  async function refused(
    attempt: AttemptRow,
    op: 'create' | 'confirm',
    error: ProviderRequestError,
  ): Promise<PayOutcome> {
    const answer: PayOutcome = {
      kind: 'refused',
      message: error.message,
      code: error.code,
      statusCode: error.statusCode === 402 ? 402 : 400,
    };
    if (op === 'create' || attempt.providerRef === null) {
      await repository.fail(attempt.id, {
        message: error.message,
        code: error.code,
        declineCode: null,
      });
      countOutcome('refused');
      return answer;
    }
    // E.g. the browser confirmed the same intent meanwhile: its real state decides.
    try {
      const intent = await provider.retrieveIntent(attempt.providerRef);
      const settled = await repository.settle(attempt.id, intent, null);
      // A failure on the intent now is an earlier confirmation's, not this refused one's.
      recorded({ recorded: settled.recorded });
      if (settled.attempt.status === 'succeeded') return await outcomeOf(settled.attempt);
      countOutcome('refused');
      return answer;
    } catch (retrieveError) {
      await repository.release(attempt.id);
      if (retrieveError instanceof ProviderUnavailableError) {
        countOutcome('unavailable');
        return { kind: 'unavailable' };
      }
      throw retrieveError;
    }
  }

  /**
   * A checkout hold that lapsed with its intent still open at the provider: the intent is
   * cancelled there first (nobody can confirm it any more), then the order is voided. If the
   * buyer paid meanwhile, the provider says so and that purchase is recorded instead.
   */
  async function releaseHold(orderId: string): Promise<void> {
    const lapsed = await market.lapsedHold(orderId);
    if (lapsed === undefined) return;
    const attempt = lapsed.attempt;
    if (attempt !== null && attempt.providerRef !== null && attempt.provider === provider.name) {
      const intent = await provider.cancelIntent(
        attempt.providerRef,
        `${attempt.idempotencyKey}:cancel`,
      );
      const applied = await repository.applyIntent(intent, null);
      if (applied !== null) recorded(applied);
      if (intent.status === 'succeeded') return;
    }
    await market.voidLapsed(orderId);
  }

  /** The claim's refusals and releases: the outcome to answer, or null to claim again. */
  async function settleClaim(
    claim: Extract<Claim, { kind: 'refused' | 'release' }>,
    round: number,
  ): Promise<PayOutcome | null> {
    if (claim.kind === 'refused') return { kind: 'unbuyable', refusal: claim };
    if (round > 0) return { kind: 'in_progress' };
    try {
      await releaseHold(claim.orderId);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) return { kind: 'unavailable' };
      throw error;
    }
    return null;
  }

  return {
    provider,
    releaseHold,

    /** The card form: pay for an item with a payment method, confirmed here. */
    async payWithCard(item: ItemToBuy, paymentMethodId: string): Promise<PayOutcome> {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const claim = await repository.claim({
          ...item,
          provider: provider.name,
          flow: 'card',
          paymentMethodId,
          leaseMs: options.leaseMs,
        });
        switch (claim.kind) {
          case 'paid':
            return { kind: 'already_paid' };
          case 'refused':
          case 'release': {
            const outcome = await settleClaim(claim, round);
            if (outcome !== null) return outcome;
            continue;
          }
          case 'open':
            return outcomeOf(claim.attempt);
          case 'busy': {
            const seen = claim.attempt;
            // A card confirmation under way (a double click, a retry): its result is ours too.
            const cardCall =
              seen.status === 'confirming' || (seen.status === 'creating' && seen.flow === 'card');
            const after = await repository.waitUntilReleased(seen.id, waitMs);
            if (after === undefined || after.leased) return { kind: 'in_progress' };
            // Released with the call still unfinished (its process died, or the provider did not
            // answer): claim the call ourselves next round; the idempotency key makes it safe.
            const unfinished = after.status === 'creating' || after.status === 'confirming';
            if (cardCall && !unfinished) return outcomeOf(after);
            continue;
          }
          case 'call': {
            const done = await callProvider(claim);
            if ('outcome' in done) return done.outcome;
            const { attempt } = done;
            // A repeated call of an earlier request with another card: settle it, then go on
            // with this card (the next round confirms the same intent with it).
            const earlierCall = claim.resumed && attempt.paymentMethodId !== paymentMethodId;
            const madeForEmbedded = claim.op === 'create' && attempt.flow === 'embedded';
            if ((earlierCall || madeForEmbedded) && attempt.status !== 'succeeded') continue;
            return outcomeOf(attempt);
          }
        }
      }
      return { kind: 'in_progress' };
    },

    /** The embedded payment element: the order's open intent, created when there is none. */
    async openIntent(item: ItemToBuy): Promise<OpenOutcome> {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const claim = await repository.claim({
          ...item,
          provider: provider.name,
          flow: 'embedded',
          leaseMs: options.leaseMs,
        });
        switch (claim.kind) {
          case 'paid':
            return { kind: 'already_paid' };
          case 'refused':
          case 'release': {
            const outcome = await settleClaim(claim, round);
            if (outcome === null) continue;
            return outcome.kind === 'unbuyable' ||
              outcome.kind === 'unavailable' ||
              outcome.kind === 'in_progress'
              ? outcome
              : { kind: 'in_progress' };
          }
          case 'open': {
            const { attempt } = claim;
            if (attempt.providerRef === null || attempt.clientSecret === null) {
              return { kind: 'in_progress' };
            }
            return {
              kind: 'open',
              intentId: attempt.providerRef,
              clientSecret: attempt.clientSecret,
              amountCents: attempt.amountCents,
              currency: attempt.currency,
            };
          }
          case 'busy': {
            const after = await repository.waitUntilReleased(claim.attempt.id, waitMs);
            if (after === undefined || after.leased) return { kind: 'in_progress' };
            continue;
          }
          case 'call': {
            const done = await callProvider(claim);
            if ('outcome' in done) {
              const { outcome } = done;
              if (outcome.kind === 'refused' || outcome.kind === 'unavailable') return outcome;
            }
            continue;
          }
        }
      }
      return { kind: 'in_progress' };
    },

    /**
     * The caller's intent, brought up to date from the provider (recording the purchase when it
     * succeeded). Undefined when it is not the caller's. Throws ProviderUnavailableError.
     */
    async readIntent(userId: string, intentId: string): Promise<IntentView | undefined> {
      const attempt = await repository.findByIntent(userId, intentId);
      if (attempt === undefined) return undefined;
      const settled = ['succeeded', 'canceled', 'failed'].includes(attempt.status);
      if (settled || attempt.provider !== provider.name) {
        return {
          attempt,
          status: publicStatus(attempt.status),
          failureMessage: attempt.failureMessage,
        };
      }
      const intent = await provider.retrieveIntent(intentId);
      const applied = await repository.applyIntent(intent, null);
      if (applied !== null) recorded(applied);
      const current = applied?.attempt ?? attempt;
      return {
        attempt: current,
        status: current.status === 'succeeded' ? 'succeeded' : intent.status,
        failureMessage:
          intent.status === 'requires_payment_method'
            ? (intent.lastError?.message ?? current.failureMessage)
            : null,
      };
    },

    /**
     * Writes down the ends time decided on the market (market/sweep.ts) and releases each lapsed
     * hold whose payment is still open at the provider (cancelled there first, as a checkout
     * would). A release that fails is logged and tried again by the next sweep.
     */
    async sweepMarket(limit?: number): Promise<SweepResult> {
      const result = await market.sweepLapsed(limit);
      for (const orderId of result.releases) {
        await releaseHold(orderId).catch((error: unknown) =>
          log.warn({ err: error, orderId }, 'a lapsed hold was not released; the next sweep tries'),
        );
      }
      return result;
    },

    /** A provider's news about an intent (the sandbox's browser steps). */
    async syncIntent(intent: ProviderIntent, failure: PaymentFailure | null): Promise<void> {
      const applied = await repository.applyIntent(intent, failure);
      if (applied !== null) recorded(applied);
    },

    /**
     * A verified webhook event. The same event id twice changes nothing; an event whose
     * handling failed half-way is handled again when the provider redelivers it.
     */
    async handleEvent(event: ProviderEvent): Promise<'handled' | 'duplicate' | 'ignored'> {
      if (!(await repository.startEvent(event.id, event.type))) return 'duplicate';
      let result: 'handled' | 'ignored' = 'ignored';
      if (event.intent !== null && HANDLED_EVENTS.has(event.type)) {
        const failure =
          event.type === 'payment_intent.payment_failed' ? event.intent.lastError : null;
        const applied = await repository.applyIntent(event.intent, failure);
        if (applied !== null) {
          recorded(applied);
          result = 'handled';
        }
      }
      await repository.finishEvent(event.id);
      return result;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
