/**
 * The offline payment provider (the default when no STRIPE_SECRET_KEY is set). It behaves like
 * Stripe in test mode, through the same PaymentIntent states, with Stripe's test cards and words:
 * 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds,
 * 4000 0027 6000 3184 asks for authentication, which the buyer completes or fails.
 * Its state lives in the database (sandbox_* tables) so that several API instances agree, and
 * create/confirm calls honour idempotency keys as Stripe does (the first answer is replayed).
 * WARNING: a card is reduced to brand, last 4 digits and test behaviour before anything is
 * stored; the number, CVC and expiry are never written anywhere.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { isUniqueViolation, transaction, type Database, type Tx } from '../../db/client';
import {
  sandboxIdempotencyKeys,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
} from '../../db/schema';
import {
  ProviderRequestError,
  type ConfirmIntentInput,
  type ConfirmResult,
  type IntentStatus,
  type CreateIntentInput,
  type PaymentFailure,
  type PaymentProvider,
  type ProviderIntent,
} from './provider';
import { CARD_MESSAGES } from '@hypertek/shared/card-messages';
import { checkCard, type CardInput } from './sandbox-cards';

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;
type MethodRow = typeof sandboxPaymentMethods.$inferSelect;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A Stripe-looking random id part (24 base-62 characters). */
function randomId(): string {
  const bytes = randomBytes(24);
  let id = '';
  for (const byte of bytes) id += ALPHABET.charAt(byte % ALPHABET.length);
  return id;
}

/** The sandbox's answer to a payment-method request. */
export type SandboxPaymentMethod = {
  id: string;
  object: 'payment_method';
  card: { brand: string; last4: string };
};

/** What the browser reads back from the sandbox routes (a Stripe-like PaymentIntent object). */
export interface SandboxIntentObject {
  id: string;
  object: 'payment_intent';
  status: IntentStatus;
  amount: number;
  currency: string;
  client_secret: string;
  next_action: { type: 'use_sandbox_authentication' } | null;
  last_payment_error: { message: string; code: string } | null;
}

const CONFIRMABLE = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

const DECLINES: Record<'decline' | 'insufficient_funds', PaymentFailure> = {
  decline: {
    message: CARD_MESSAGES.declined,
    code: 'card_declined',
    declineCode: 'generic_decline',
  },
  insufficient_funds: {
    message: CARD_MESSAGES.insufficientFunds,
    code: 'card_declined',
    declineCode: 'insufficient_funds',
  },
};

const AUTHENTICATION_FAILED: PaymentFailure = {
  message: CARD_MESSAGES.authenticationFailed,
  code: 'payment_intent_authentication_failure',
  declineCode: null,
};

const noSuchIntent = (id: string) =>
  new ProviderRequestError(`No such payment_intent: '${id}'`, 'resource_missing', 404);

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly database: Database) {}

  /**
   * Turns a card into a payment method (what Stripe.js does with a publishable key). Refusals use
   * Stripe's words; only brand, last 4 digits and the test behaviour are kept.
   */
  async createPaymentMethod(
    card: CardInput,
  ): Promise<
    { ok: true; method: SandboxPaymentMethod } | { ok: false; message: string; code: string }
  > {
    const check = checkCard(card);
    if (!check.ok) return check;
    const id = `pm_sandbox_${randomId()}`;
    await this.database.db.insert(sandboxPaymentMethods).values({
      id,
      brand: check.brand,
      last4: check.last4,
      behaviour: check.behaviour,
    });
    return {
      ok: true,
      method: { id, object: 'payment_method', card: { brand: check.brand, last4: check.last4 } },
    };
  }

  async createIntent(input: CreateIntentInput): Promise<ConfirmResult> {
    return this.idempotent(input.idempotencyKey, async (tx) => {
      // Like Stripe, a missing payment method fails the whole call: no intent is made.
      const method =
        input.paymentMethodId === undefined
          ? null
          : await this.findMethod(tx, input.paymentMethodId);
      const id = `pi_${randomId()}`;
      const [row] = await tx
        .insert(sandboxPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomId()}`,
          amountCents: input.amountCents,
          currency: input.currency,
          status: 'requires_payment_method',
          metadata: input.metadata,
        })
        .returning();
      if (row === undefined) throw new Error('sandbox intent not created');
      return method === null
        ? { intent: toIntent(row, null), declined: null }
        : confirm(tx, row, method);
    });
  }

  async confirmIntent(id: string, input: ConfirmIntentInput): Promise<ConfirmResult> {
    return this.idempotent(input.idempotencyKey, async (tx) => {
      const row = await lockIntent(tx, id);
      if (row === undefined) throw noSuchIntent(id);
      return confirm(tx, row, await this.findMethod(tx, input.paymentMethodId));
    });
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    const [found] = await this.database.db
      .select({ intent: sandboxPaymentIntents, method: sandboxPaymentMethods })
      .from(sandboxPaymentIntents)
      .leftJoin(
        sandboxPaymentMethods,
        eq(sandboxPaymentMethods.id, sandboxPaymentIntents.paymentMethodId),
      )
      .where(eq(sandboxPaymentIntents.id, id));
    if (found === undefined) throw noSuchIntent(id);
    return toIntent(found.intent, found.method);
  }

  async cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent> {
    const result = await this.idempotent(idempotencyKey, async (tx) => {
      const row = await lockIntent(tx, id);
      if (row === undefined) throw noSuchIntent(id);
      if (row.status === 'succeeded' || row.status === 'canceled') {
        return { intent: toIntent(row, null), declined: null };
      }
      return {
        intent: toIntent(await update(tx, id, { status: 'canceled' }), null),
        declined: null,
      };
    });
    return result.intent;
  }

  /** The browser confirms an intent it holds the client secret of (the embedded flow). */
  async confirmWithClientSecret(
    id: string,
    clientSecret: string,
    paymentMethodId: string,
  ): Promise<ConfirmResult> {
    return transaction(this.database.db, async (tx) => {
      const row = await lockIntent(tx, id);
      if (row === undefined || row.clientSecret !== clientSecret) throw noSuchIntent(id);
      return confirm(tx, row, await this.findMethod(tx, paymentMethodId));
    });
  }

  /** The buyer's answer to the authentication step: complete → succeeded, fail → declined. */
  async authenticate(
    id: string,
    clientSecret: string,
    outcome: 'complete' | 'fail',
  ): Promise<ProviderIntent> {
    return transaction(this.database.db, async (tx) => {
      const row = await lockIntent(tx, id);
      if (row === undefined || row.clientSecret !== clientSecret) throw noSuchIntent(id);
      if (row.status !== 'requires_action') {
        throw new ProviderRequestError(
          `This PaymentIntent does not need authentication: its status is ${row.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      const method =
        row.paymentMethodId === null ? null : await this.findMethod(tx, row.paymentMethodId);
      const updated = await update(
        tx,
        id,
        outcome === 'complete'
          ? {
              status: 'succeeded',
              chargeCount: sql`${sandboxPaymentIntents.chargeCount} + 1`,
              ...failureColumns(null),
            }
          : { status: 'requires_payment_method', ...failureColumns(AUTHENTICATION_FAILED) },
      );
      return toIntent(updated, method);
    });
  }

  /** The PaymentIntent object the sandbox routes answer. */
  static toObject(intent: ProviderIntent): SandboxIntentObject {
    return {
      id: intent.id,
      object: 'payment_intent',
      status: intent.status,
      amount: intent.amountCents,
      currency: intent.currency,
      client_secret: intent.clientSecret ?? '',
      next_action:
        intent.status === 'requires_action' ? { type: 'use_sandbox_authentication' } : null,
      last_payment_error:
        intent.lastError === null
          ? null
          : { message: intent.lastError.message, code: intent.lastError.code ?? 'card_declined' },
    };
  }

  private async findMethod(tx: Tx, id: string): Promise<MethodRow> {
    const [method] = await tx
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, id));
    if (method === undefined) {
      throw new ProviderRequestError(`No such PaymentMethod: '${id}'`, 'resource_missing');
    }
    return method;
  }

  /**
   * Runs a call once per key, in one transaction with its answer: a repeated key replays the
   * stored answer. A refused call stores nothing (as at Stripe, where failed validation is not
   * saved). Two concurrent first uses of a key: one commits, the other replays its answer.
   */
  private async idempotent(
    key: string,
    call: (tx: Tx) => Promise<ConfirmResult>,
  ): Promise<ConfirmResult> {
    const run = () =>
      transaction(this.database.db, async (tx) => {
        const [stored] = await tx
          .select({ response: sandboxIdempotencyKeys.response })
          .from(sandboxIdempotencyKeys)
          .where(eq(sandboxIdempotencyKeys.key, key));
        if (stored !== undefined) return stored.response as ConfirmResult;
        const result = await call(tx);
        await tx.insert(sandboxIdempotencyKeys).values({ key, response: result });
        return result;
      });
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return run();
    }
  }
}

async function lockIntent(tx: Tx, id: string): Promise<IntentRow | undefined> {
  const [row] = await tx
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, id))
    .for('update');
  return row;
}

const failureColumns = (failure: PaymentFailure | null) => ({
  lastErrorMessage: failure?.message ?? null,
  lastErrorCode: failure?.code ?? null,
  lastErrorDeclineCode: failure?.declineCode ?? null,
});

async function update(
  tx: Tx,
  id: string,
  changes: PgUpdateSetSource<typeof sandboxPaymentIntents>,
): Promise<IntentRow> {
  const [row] = await tx
    .update(sandboxPaymentIntents)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(sandboxPaymentIntents.id, id))
    .returning();
  if (row === undefined) throw new Error(`sandbox intent ${id} vanished`);
  return row;
}

/** Confirms a locked intent with a payment method, as the test card behaves. */
async function confirm(tx: Tx, row: IntentRow, method: MethodRow): Promise<ConfirmResult> {
  if (!CONFIRMABLE.has(row.status)) {
    throw new ProviderRequestError(
      `You cannot confirm this PaymentIntent because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
      'payment_intent_unexpected_state',
    );
  }
  const base = { paymentMethodId: method.id, ...failureColumns(null) };
  switch (method.behaviour) {
    case 'succeed': {
      const updated = await update(tx, row.id, {
        ...base,
        status: 'succeeded',
        chargeCount: sql`${sandboxPaymentIntents.chargeCount} + 1`,
      });
      return { intent: toIntent(updated, method), declined: null };
    }
    case 'authenticate': {
      const updated = await update(tx, row.id, { ...base, status: 'requires_action' });
      return { intent: toIntent(updated, method), declined: null };
    }
    case 'decline':
    case 'insufficient_funds': {
      const failure = DECLINES[method.behaviour];
      const updated = await update(tx, row.id, {
        ...base,
        ...failureColumns(failure),
        status: 'requires_payment_method',
      });
      return { intent: toIntent(updated, method), declined: failure };
    }
  }
}

function toIntent(row: IntentRow, method: MethodRow | null): ProviderIntent {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    clientSecret: row.clientSecret,
    card: method === null ? null : { brand: method.brand, last4: method.last4 },
    lastError:
      row.lastErrorMessage === null
        ? null
        : {
            message: row.lastErrorMessage,
            code: row.lastErrorCode,
            declineCode: row.lastErrorDeclineCode,
          },
    nextAction: row.status === 'requires_action' ? 'use_sandbox_authentication' : null,
    metadata: row.metadata,
  };
}
