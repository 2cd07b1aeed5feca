/**
 * Payment attempts (one PaymentIntent at the provider per order at a time) and the recording of a
 * purchase. Every decision that must hold across requests and API instances is taken inside a
 * short transaction under a row lock on the order, backed by unique indexes:
 * - an order has at most one attempt in flight, open or succeeded (partial unique index);
 * - only the request holding an attempt's lease calls the provider for it; the others wait;
 * - a purchase is recorded once, by the one settlement (settlement.ts), in one transaction.
 * Every transaction is run again when the database gives it up (db/client.ts `transaction`).
 * No transaction is held open while the provider is called.
 * The repository also serves the payments area's reads (payment-reads.ts).
 */
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { transaction, type Database, type Db, type Tx } from '../db/client';
import { items, orders, paymentAttempts, webhookEvents, type AttemptStatus } from '../db/schema';
import { settleSale } from '../market/settlement';
import type { PaymentFailure, ProviderIntent, ProviderName } from '../lib/payments/provider';
import { createPaymentReads } from './payment-reads';
import type { MarketRepository } from '../market';
import type { NeedsRelease, Refusal } from '../market/refusals';

export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type PaymentFlow = AttemptRow['flow'];

/** Statuses that no longer hold the order: a new attempt may start. */
const CLOSED: AttemptStatus[] = ['failed', 'canceled'];

/** What a request may do with an order's payment, decided under the order's row lock. */
export type Claim =
  /** The caller owns the item already. */
  | { kind: 'paid' }
  /** The item cannot be bought by the caller now (not for sale, held, price changed). */
  | Refusal
  /** A lapsed checkout hold still has an intent open at the provider: cancel it, then retry. */
  | NeedsRelease
  /** Another request is calling the provider for this order's attempt right now. */
  | { kind: 'busy'; attempt: AttemptRow }
  /** An open intent the caller may reuse (embedded flow), or one still processing. */
  | { kind: 'open'; attempt: AttemptRow }
  /** The caller holds the lease: it calls the provider (create or confirm), then `settle`s. */
  | { kind: 'call'; attempt: AttemptRow; op: 'create' | 'confirm'; resumed: boolean };

export interface ClaimInput {
  userId: string;
  itemId: number;
  /** The price the buyer was shown: the sale's price must be the same, or nothing happens. */
  priceCents: number;
  currency: string;
  provider: ProviderName;
  flow: PaymentFlow;
  /** The card form's payment method (card flow only). */
  paymentMethodId?: string;
  leaseMs: number;
}

/**
 * A provider's answer as stored: `recorded` when this call recorded the purchase, `declined`
 * when it stored a new decline on the attempt (not one it already had).
 */
export interface Applied {
  attempt: AttemptRow;
  recorded: boolean;
  declined?: boolean;
}

const leased = sql<boolean>`coalesce(${paymentAttempts.leaseUntil} > now(), false)`;
const leaseFor = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

export function createPaymentsRepository(database: Database, market: MarketRepository) {
  const { db } = database;
  /** The attempt with its lease state (held by someone right now or not). */
  async function readAttempt(
    q: Db | Tx,
    where: SQL | undefined,
    lock = false,
  ): Promise<(AttemptRow & { leased: boolean }) | undefined> {
    const query = q.select({ attempt: paymentAttempts, leased }).from(paymentAttempts).where(where);
    const [row] = lock ? await query.for('update') : await query;
    return row === undefined ? undefined : { ...row.attempt, leased: row.leased };
  }

  /**
   * Locks an attempt for a change, its item and order first: every transaction takes the item's
   * lock, then the order's, then the attempt's (the market does the same), so two of them can
   * never wait for each other.
   */
  async function lockAttempt(
    tx: Tx,
    where: SQL,
  ): Promise<(AttemptRow & { leased: boolean }) | undefined> {
    await tx
      .select({ id: items.id })
      .from(items)
      .where(
        inArray(
          items.id,
          tx.select({ itemId: paymentAttempts.itemId }).from(paymentAttempts).where(where),
        ),
      )
      .for('no key update');
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.id,
          tx.select({ orderId: paymentAttempts.orderId }).from(paymentAttempts).where(where),
        ),
      )
      .for('update');
    return readAttempt(tx, where, true);
  }

  async function update(
    tx: Tx,
    id: string,
    changes: PgUpdateSetSource<typeof paymentAttempts>,
  ): Promise<AttemptRow> {
    const [row] = await tx
      .update(paymentAttempts)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, id))
      .returning();
    if (row === undefined) throw new Error(`payment attempt ${id} vanished`);
    return row;
  }

  const failureColumns = (failure: PaymentFailure | null) => ({
    failureMessage: failure?.message ?? null,
    failureCode: failure?.code ?? null,
    failureDeclineCode: failure?.declineCode ?? null,
  });

  /**
   * Records the purchase of a succeeded intent: attempt → succeeded, then the one settlement of
   * the sale (once only: false when it was recorded already).
   */
  async function recordPurchase(
    tx: Tx,
    attempt: AttemptRow,
    intent: ProviderIntent,
  ): Promise<{ attempt: AttemptRow; recorded: boolean }> {
    const succeeded = await update(tx, attempt.id, {
      status: 'succeeded',
      providerRef: intent.id,
      clientSecret: intent.clientSecret ?? attempt.clientSecret,
      cardBrand: intent.card?.brand ?? attempt.cardBrand,
      cardLast4: intent.card?.last4 ?? attempt.cardLast4,
      leaseUntil: null,
      ...failureColumns(null),
    });
    const recorded = await settleSale(
      tx,
      attempt.orderId,
      {
        amountCents: intent.amountCents,
        currency: intent.currency,
        provider: attempt.provider,
        providerRef: intent.id,
      },
      { at: market.now(), commissionBps: market.options.commissionBps },
    );
    return { attempt: succeeded, recorded };
  }

  /**
   * Brings an attempt in line with the provider's intent: records the purchase when it
   * succeeded; otherwise stores the status and the failure. A succeeded attempt never goes back,
   * and while another request holds the lease only a success is taken (it will write the rest).
   */
  async function apply(
    tx: Tx,
    attempt: AttemptRow & { leased?: boolean },
    intent: ProviderIntent,
    failure: PaymentFailure | null,
    releaseLease: boolean,
  ): Promise<Applied> {
    if (attempt.status === 'succeeded') return { attempt, recorded: false };
    if (intent.status === 'succeeded') return recordPurchase(tx, attempt, intent);
    if (attempt.leased === true && !releaseLease) return { attempt, recorded: false };
    const row = await update(tx, attempt.id, {
      status: intent.status,
      providerRef: intent.id,
      clientSecret: intent.clientSecret,
      cardBrand: intent.card?.brand ?? attempt.cardBrand,
      cardLast4: intent.card?.last4 ?? attempt.cardLast4,
      ...failureColumns(
        failure ?? (intent.status === 'requires_payment_method' ? intent.lastError : null),
      ),
      ...(releaseLease ? { leaseUntil: null } : {}),
    });
    const sameFailure =
      attempt.status === row.status &&
      attempt.failureMessage === row.failureMessage &&
      attempt.failureCode === row.failureCode &&
      attempt.failureDeclineCode === row.failureDeclineCode;
    const declined =
      row.status === 'requires_payment_method' && row.failureMessage !== null && !sameFailure;
    return { attempt: row, recorded: false, declined };
  }

  return {
    /** An order's recorded payment, a user's collection. */
    ...createPaymentReads(database, market),

    /**
     * Decides, under the item's and the order's row locks, what this request does: the market
     * gives the order (the buyer's checkout hold on the listing, or their accepted offer), then
     * the attempt is created when there is none, and the lease taken when the provider must be
     * called.
     */
    async claim(input: ClaimInput): Promise<Claim> {
      return transaction(db, async (tx) => {
        const sale = await market.orderForCheckout(
          tx,
          input.userId,
          input.itemId,
          input.priceCents,
        );
        if (sale.kind === 'owned') return { kind: 'paid' };
        if (sale.kind !== 'order') return sale;
        const [order] = await tx
          .select({ id: orders.id, status: orders.status, amountCents: orders.amountCents })
          .from(orders)
          .where(eq(orders.id, sale.order.id))
          .for('update');
        if (order === undefined) throw new Error('order vanished');
        if (order.status === 'paid') return { kind: 'paid' };

        let active = await readAttempt(
          tx,
          and(eq(paymentAttempts.orderId, order.id), notInArray(paymentAttempts.status, CLOSED)),
          true,
        );
        if (active?.leased === true) return { kind: 'busy', attempt: active };
        if (active !== undefined && active.provider !== input.provider) {
          // Left over from the other provider (the configuration changed): it cannot go on here.
          await update(tx, active.id, { status: 'canceled', leaseUntil: null });
          active = undefined;
        }
        const lease = leaseFor(input.leaseMs);

        if (active === undefined) {
          const [count] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(paymentAttempts)
            .where(eq(paymentAttempts.orderId, order.id));
          const attemptNo = (count?.n ?? 0) + 1;
          const [attempt] = await tx
            .insert(paymentAttempts)
            .values({
              orderId: order.id,
              attemptNo,
              userId: input.userId,
              itemId: input.itemId,
              provider: input.provider,
              flow: input.flow,
              idempotencyKey: `hypertek:order:${order.id}:attempt:${attemptNo}`,
              status: 'creating',
              amountCents: order.amountCents,
              currency: input.currency,
              paymentMethodId: input.flow === 'card' ? (input.paymentMethodId ?? null) : null,
              leaseUntil: lease,
            })
            .returning();
          if (attempt === undefined) throw new Error('payment attempt not created');
          return { kind: 'call', attempt, op: 'create', resumed: false };
        }
        if (active.status === 'succeeded') return { kind: 'paid' };
        if (active.status === 'creating' || active.status === 'confirming') {
          // The last call's outcome is unknown: repeat it, same key, same parameters.
          const attempt = await update(tx, active.id, { leaseUntil: lease });
          return {
            kind: 'call',
            attempt,
            op: active.status === 'creating' ? 'create' : 'confirm',
            resumed: true,
          };
        }
        const confirmable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
        if (input.flow === 'embedded' || !confirmable.includes(active.status)) {
          return { kind: 'open', attempt: active };
        }
        if (
          active.status === 'requires_action' &&
          active.paymentMethodId === input.paymentMethodId
        ) {
          // The same card again while the bank's step is pending: that step is still the answer.
          return { kind: 'open', attempt: active };
        }
        // The card form with an open intent (declined before, authentication abandoned, or made
        // for the embedded element): confirm that same intent with this card.
        const attempt = await update(tx, active.id, {
          status: 'confirming',
          confirmSeq: active.confirmSeq + 1,
          paymentMethodId: input.paymentMethodId ?? null,
          leaseUntil: lease,
          ...failureColumns(null),
        });
        return { kind: 'call', attempt, op: 'confirm', resumed: false };
      });
    },

    /** After a provider call that answered: store its outcome and release the lease. */
    async settle(
      attemptId: string,
      intent: ProviderIntent,
      declined: PaymentFailure | null,
    ): Promise<Applied> {
      return transaction(db, async (tx) => {
        const attempt = await lockAttempt(tx, eq(paymentAttempts.id, attemptId));
        if (attempt === undefined) throw new Error(`payment attempt ${attemptId} vanished`);
        const result = await apply(tx, attempt, intent, declined, true);
        if (result.attempt.flow === 'card' && result.attempt.status === 'requires_payment_method') {
          // A declined card holds nothing: the card form never saw this intent's client secret,
          // so only another request through this API could confirm it. The next buyer's checkout
          // cancels it at the provider (a lapsed hold), and this buyer's next card starts afresh.
          await tx
            .update(orders)
            .set({ holdUntil: market.now() })
            .where(and(eq(orders.id, attempt.orderId), eq(orders.status, 'pending')));
        }
        return result;
      });
    },

    /** The provider refused to create the intent: this attempt is over, the order stays buyable. */
    async fail(attemptId: string, failure: PaymentFailure): Promise<AttemptRow> {
      return transaction(db, (tx) =>
        update(tx, attemptId, { status: 'failed', leaseUntil: null, ...failureColumns(failure) }),
      );
    },

    /** The call's outcome is unknown: keep the state (the next request repeats the call). */
    async release(attemptId: string): Promise<void> {
      await db
        .update(paymentAttempts)
        .set({ leaseUntil: null, updatedAt: sql`now()` })
        .where(eq(paymentAttempts.id, attemptId));
    },

    /**
     * Takes a provider's view of an intent (status read, webhook, sandbox step) into account.
     * Returns null when the intent is not one of ours.
     */
    async applyIntent(
      intent: ProviderIntent,
      failure: PaymentFailure | null,
    ): Promise<Applied | null> {
      return transaction(db, async (tx) => {
        const attempt = await lockAttempt(tx, eq(paymentAttempts.providerRef, intent.id));
        if (attempt === undefined) return null;
        return apply(tx, attempt, intent, failure, false);
      });
    },

    /**
     * Notes a webhook event by id. Returns false when it was handled already (a redelivery);
     * true when it must be handled (new, or an earlier handling failed half-way).
     */
    async startEvent(id: string, type: string): Promise<boolean> {
      const [inserted] = await db
        .insert(webhookEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      if (inserted !== undefined) return true;
      const [seen] = await db
        .select({ processedAt: webhookEvents.processedAt })
        .from(webhookEvents)
        .where(eq(webhookEvents.id, id));
      return seen?.processedAt === null;
    },

    async finishEvent(id: string): Promise<void> {
      await db
        .update(webhookEvents)
        .set({ processedAt: sql`now()` })
        .where(eq(webhookEvents.id, id));
    },

    async find(attemptId: string): Promise<(AttemptRow & { leased: boolean }) | undefined> {
      return readAttempt(db, eq(paymentAttempts.id, attemptId));
    },

    /** The caller's attempt for a provider intent id (someone else's: undefined). */
    async findByIntent(userId: string, intentId: string): Promise<AttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.providerRef, intentId), eq(paymentAttempts.userId, userId)));
      return row;
    },

    /** Waits (polling, so it works across instances) until no request holds the attempt's lease. */
    async waitUntilReleased(
      attemptId: string,
      timeoutMs: number,
    ): Promise<(AttemptRow & { leased: boolean }) | undefined> {
      const deadline = Date.now() + timeoutMs;
      let delay = 10;
      for (;;) {
        const row = await readAttempt(db, eq(paymentAttempts.id, attemptId));
        if (row === undefined || !row.leased || Date.now() >= deadline) return row;
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 200);
      }
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
