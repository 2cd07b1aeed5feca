import { api } from '@hypertek/shared';
import { useRef, useState } from 'react';

import { AuthenticationDialog } from '../components/authentication-dialog';
import { SandboxCardFields, type CardFieldRefs } from '../components/sandbox-card-fields';
import { providerErrorMessage } from '../lib/card-payment-machine';
import type { CardEntry, IntentToAuthenticate } from '../lib/card-entry';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  sandboxCardDetails,
  validateCard,
  type CardErrors,
  type CardFieldName,
  type CardInput,
} from '../lib/sandbox-card';

const EMPTY_CARD: CardInput = { number: '', expiry: '', cvc: '' };
const FIELD_ORDER: readonly CardFieldName[] = ['number', 'expiry', 'cvc'];

interface PendingAuthentication {
  intent: IntentToAuthenticate;
  resolve: (outcome: { error?: string }) => void;
}

/**
 * Card entry with the API's sandbox, standing in for Stripe.js: the site's own card fields, the
 * card turned into a payment method by the sandbox, and the bank's authentication answered in a
 * dialog.
 *
 * WARNING: the card number and CVC live in this hook's state only, and leave the browser once, in
 * the payment-method call. Never log them, put them in storage, or pass them anywhere else.
 */
export function useSandboxCardEntry(): CardEntry {
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [pending, setPending] = useState<PendingAuthentication | null>(null);
  const [answering, setAnswering] = useState(false);
  const number = useRef<HTMLInputElement>(null);
  const expiry = useRef<HTMLInputElement>(null);
  const cvc = useRef<HTMLInputElement>(null);
  const inputRefs: CardFieldRefs = { number, expiry, cvc };

  const change = (field: CardFieldName, value: string) => {
    setCard((current) => {
      if (field === 'number') {
        const next = formatCardNumber(value);
        return { ...current, number: next, cvc: formatCvc(current.cvc, next) };
      }
      if (field === 'expiry') return { ...current, expiry: formatExpiry(value) };
      return { ...current, cvc: formatCvc(value, current.number) };
    });
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const answer = async (outcome: 'complete' | 'fail') => {
    if (!pending) return;
    setAnswering(true);
    const { intent, resolve } = pending;
    try {
      await api.sandboxPayments.authenticatePaymentIntent(intent.id, {
        client_secret: intent.clientSecret,
        outcome,
      });
      resolve({});
    } catch (error) {
      resolve({ error: providerErrorMessage(error) });
    } finally {
      setAnswering(false);
      setPending(null);
    }
  };

  return {
    mode: 'sandbox',
    loaded: true,
    fields: ({ disabled }) => (
      <SandboxCardFields
        card={card}
        errors={errors}
        disabled={disabled}
        inputRefs={inputRefs}
        onChange={change}
      />
    ),
    validate({ focus }) {
      const found = validateCard(card);
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first && focus) inputRefs[first].current?.focus();
      return first === undefined;
    },
    async createPaymentMethod(nameOnCard) {
      try {
        const method = await api.sandboxPayments.createPaymentMethod(
          sandboxCardDetails(card, nameOnCard),
        );
        return { paymentMethodId: method.id };
      } catch (error) {
        return { error: providerErrorMessage(error) };
      }
    },
    authenticate: (intent) =>
      new Promise<{ error?: string }>((resolve) => setPending({ intent, resolve })),
    overlay: pending && (
      <AuthenticationDialog
        amount={pending.intent.amount}
        busy={answering}
        onComplete={() => void answer('complete')}
        onFail={() => void answer('fail')}
      />
    ),
  };
}
