import { CARD_MESSAGES } from '@hypertek/shared/card-messages';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  passesLuhn,
  sandboxCardDetails,
  validateCard,
} from '../lib/sandbox-card';

const NOW = new Date(2030, 5, 15); // June 2030

describe('the sandbox card rules', () => {
  it('groups card numbers as printed: 4-4-4-4, American Express 4-6-5', () => {
    expect(formatCardNumber('4000002760003184')).toBe('4000 0027 6000 3184');
    expect(formatCardNumber('4242 4242 4242 4242 99')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42a4')).toBe('424');
  });

  it('writes the expiry MM / YY, with the zero a month 2–9 needs', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
    expect(formatExpiry('7')).toBe('07');
    expect(formatExpiry('731')).toBe('07 / 31');
  });

  it('takes a 3-digit CVC, 4 for American Express', () => {
    expect(formatCvc('12345', '4242')).toBe('123');
    expect(formatCvc('12345', '3782')).toBe('1234');
  });

  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000009995')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it("names each mistake in Stripe's words", () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' }, NOW)).toEqual({
      number: CARD_MESSAGES.incompleteNumber,
      expiry: CARD_MESSAGES.incompleteExpiry,
      cvc: CARD_MESSAGES.incompleteCvc,
    });
    expect(
      validateCard({ number: '4242 4242 4242 4241', expiry: '13 / 31', cvc: '12' }, NOW),
    ).toEqual({
      number: CARD_MESSAGES.invalidNumber,
      expiry: CARD_MESSAGES.invalidExpiryMonth,
      cvc: CARD_MESSAGES.incompleteCvc,
    });
  });

  it('accepts a card through the last day of its expiry month', () => {
    const card = { number: '4242 4242 4242 4242', cvc: '123' };
    expect(validateCard({ ...card, expiry: '06 / 30' }, NOW)).toEqual({});
    expect(validateCard({ ...card, expiry: '05 / 30' }, NOW)).toEqual({
      expiry: CARD_MESSAGES.expiryPast,
    });
  });

  it('sends digits only, the month and the four-digit year', () => {
    expect(
      sandboxCardDetails({ number: '4242 4242 4242 4242', expiry: '07 / 31', cvc: '123' }, 'Ada'),
    ).toEqual({
      number: '4242424242424242',
      exp_month: 7,
      exp_year: 2031,
      cvc: '123',
      name: 'Ada',
    });
    expect(
      sandboxCardDetails({ number: '4242', expiry: '07 / 31', cvc: '123' }, ''),
    ).not.toHaveProperty('name');
  });
});
