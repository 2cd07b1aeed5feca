/**
 * The sandbox card form's rules: how the card number and expiry are written while typing, and the
 * checks made before the card leaves the browser. The texts are Stripe's (the API's sandbox
 * answers with the same ones), so a buyer reads the same message whichever side found the mistake.
 *
 * WARNING: card numbers and CVCs pass through these functions only; nothing here may log or
 * store them.
 */
import type { SandboxCardDetails } from '@hypertek/shared';
import { CARD_MESSAGES } from '@hypertek/shared/card-messages';

export type CardFieldName = 'number' | 'expiry' | 'cvc';
export type CardErrors = Partial<Record<CardFieldName, string>>;

/** The test cards the sandbox knows, as the "Test mode" note lists them. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0027 6000 3184', outcome: 'asks for authentication' },
  { number: '4000 0000 0000 9995', outcome: 'is declined for insufficient funds' },
] as const;

const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** American Express numbers (34…, 37…) have 15 digits in groups 4-6-5 and a 4-digit CVC. */
const isAmex = (digits: string): boolean => /^3[47]/.test(digits);

const maxDigits = (digits: string): number => (isAmex(digits) ? 15 : 16);
export const cvcLength = (cardNumber: string): number => (isAmex(digitsOf(cardNumber)) ? 4 : 3);

/** The card number as typed, shown in groups: '4242 4242 4242 4242', '3782 822463 10005'. */
export function formatCardNumber(input: string): string {
  const raw = digitsOf(input);
  const digits = raw.slice(0, maxDigits(raw));
  const groups = isAmex(digits) ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/**
 * The expiry as typed, shown 'MM / YY'. A first digit 2–9 can only be a month 02–09, so it gets
 * its zero (as Stripe's field does); the separator appears once the year starts, so deleting
 * back over it never gets stuck.
 */
export function formatExpiry(input: string): string {
  let digits = digitsOf(input).slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export const formatCvc = (input: string, cardNumber: string): string =>
  digitsOf(input).slice(0, cvcLength(cardNumber));

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * The card's mistakes, field by field (empty when there is none), judged at `now`: a card is
 * valid through the last day of its expiry month.
 */
export function validateCard(card: CardInput, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOf(card.number);
  if (number.length < maxDigits(number)) errors.number = CARD_MESSAGES.incompleteNumber;
  else if (!passesLuhn(number)) errors.number = CARD_MESSAGES.invalidNumber;

  const expiry = digitsOf(card.expiry);
  if (expiry.length < 4) errors.expiry = CARD_MESSAGES.incompleteExpiry;
  else {
    const month = Number(expiry.slice(0, 2));
    const year = 2000 + Number(expiry.slice(2));
    if (month < 1 || month > 12) errors.expiry = CARD_MESSAGES.invalidExpiryMonth;
    else if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1)
      errors.expiry = CARD_MESSAGES.expiryPast;
  }

  if (digitsOf(card.cvc).length < cvcLength(card.number)) errors.cvc = CARD_MESSAGES.incompleteCvc;
  return errors;
}

/** The body of the sandbox's payment-method call, from a card `validateCard` accepted. */
export function sandboxCardDetails(card: CardInput, name: string): SandboxCardDetails {
  const expiry = digitsOf(card.expiry);
  return {
    number: digitsOf(card.number),
    exp_month: Number(expiry.slice(0, 2)),
    exp_year: 2000 + Number(expiry.slice(2, 4)),
    cvc: digitsOf(card.cvc),
    ...(name ? { name } : {}),
  };
}
