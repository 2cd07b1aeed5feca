/**
 * The sandbox's card checks, worded as Stripe words them, and Stripe's test cards with their
 * behaviour. A card is checked in memory and reduced to brand, last 4 digits and behaviour;
 * WARNING: nothing here may store or log the number, the CVC or the expiry.
 */
import { CARD_MESSAGES } from '@hypertek/shared/card-messages';

export type CardBehaviour = 'succeed' | 'decline' | 'insufficient_funds' | 'authenticate';

export interface CardInput {
  number?: unknown;
  exp_month?: unknown;
  exp_year?: unknown;
  cvc?: unknown;
}

export type CardCheck =
  | { ok: true; brand: string; last4: string; behaviour: CardBehaviour }
  | { ok: false; message: string; code: string };

/** Stripe's test cards that the sandbox honours, digits only. */
export const TEST_CARDS: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': 'succeed',
  '5555555555554444': 'succeed',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'authenticate',
};

/** The brand from the number's prefix, and the length a complete number of it has. */
function brandOf(digits: string): { brand: string; length: number; cvcLength: number } {
  if (/^3[47]/.test(digits)) return { brand: 'amex', length: 15, cvcLength: 4 };
  if (/^4/.test(digits)) return { brand: 'visa', length: 16, cvcLength: 3 };
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) {
    return { brand: 'mastercard', length: 16, cvcLength: 3 };
  }
  if (/^(6011|65|64[4-9])/.test(digits)) return { brand: 'discover', length: 16, cvcLength: 3 };
  return { brand: 'unknown', length: 16, cvcLength: 3 };
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A month or year as typed: a number, or a string of digits. */
function asInt(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value)) return Number(value);
  return null;
}

/** Checks a card in Stripe's order: number, expiry, security code; then the test cards. */
export function checkCard(input: CardInput, now: Date = new Date()): CardCheck {
  const raw = typeof input.number === 'string' ? input.number : '';
  if (/[^\d\s-]/.test(raw))
    return { ok: false, message: CARD_MESSAGES.invalidNumber, code: 'invalid_number' };
  const digits = raw.replace(/[\s-]/g, '');
  const { brand, length, cvcLength } = brandOf(digits);
  if (digits.length < length) {
    return { ok: false, message: CARD_MESSAGES.incompleteNumber, code: 'incomplete_number' };
  }
  if (digits.length > 19 || !luhn(digits)) {
    return { ok: false, message: CARD_MESSAGES.invalidNumber, code: 'invalid_number' };
  }

  const month = asInt(input.exp_month);
  let year = asInt(input.exp_year);
  if (month === null || year === null) {
    return { ok: false, message: CARD_MESSAGES.incompleteExpiry, code: 'incomplete_expiry' };
  }
  if (month < 1 || month > 12) {
    return { ok: false, message: CARD_MESSAGES.invalidExpiryMonth, code: 'invalid_expiry_month' };
  }
  if (year < 100) year += 2000;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) {
    return { ok: false, message: CARD_MESSAGES.expiryPast, code: 'invalid_expiry_year_past' };
  }
  if (year > thisYear + 50) {
    return { ok: false, message: CARD_MESSAGES.invalidExpiryYear, code: 'invalid_expiry_year' };
  }

  const cvc = typeof input.cvc === 'number' ? String(input.cvc) : input.cvc;
  if (typeof cvc !== 'string' || !/^\d*$/.test(cvc.trim()) || cvc.trim().length < cvcLength) {
    return { ok: false, message: CARD_MESSAGES.incompleteCvc, code: 'incomplete_cvc' };
  }
  if (cvc.trim().length > cvcLength) {
    return { ok: false, message: CARD_MESSAGES.invalidCvc, code: 'invalid_cvc' };
  }

  const behaviour = TEST_CARDS[digits];
  if (behaviour === undefined) {
    return { ok: false, message: CARD_MESSAGES.notATestCard, code: 'card_declined' };
  }
  return { ok: true, brand, last4: digits.slice(-4), behaviour };
}
