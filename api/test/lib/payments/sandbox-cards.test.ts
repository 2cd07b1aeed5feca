import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CARD_MESSAGES } from '@hypertek/shared/card-messages';
import { checkCard } from '../../../src/lib/payments/sandbox-cards';

const NOW = new Date('2026-11-15T12:00:00Z');
const valid = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
const check = (changes: Record<string, unknown>) => checkCard({ ...valid, ...changes }, NOW);

describe('checkCard', () => {
  it("knows Stripe's test cards and their behaviour, with or without spaces", () => {
    assert.deepEqual(check({}), { ok: true, brand: 'visa', last4: '4242', behaviour: 'succeed' });
    assert.deepEqual(check({ number: '5555555555554444' }), {
      ok: true,
      brand: 'mastercard',
      last4: '4444',
      behaviour: 'succeed',
    });
    const behaviour = (number: string) => {
      const result = check({ number });
      return result.ok ? result.behaviour : result.message;
    };
    assert.equal(behaviour('4000 0000 0000 0002'), 'decline');
    assert.equal(behaviour('4000-0000-0000-9995'), 'insufficient_funds');
    assert.equal(behaviour('4000002760003184'), 'authenticate');
  });

  it("refuses as Stripe words it, in Stripe's order", () => {
    const message = (changes: Record<string, unknown>) => {
      const result = check(changes);
      return result.ok ? 'ok' : result.message;
    };
    assert.equal(message({ number: '' }), CARD_MESSAGES.incompleteNumber);
    assert.equal(message({ number: '4242 4242 4242' }), CARD_MESSAGES.incompleteNumber);
    assert.equal(message({ number: undefined }), CARD_MESSAGES.incompleteNumber);
    assert.equal(message({ number: '4242 4242 4242 4241' }), CARD_MESSAGES.invalidNumber);
    assert.equal(message({ number: '4242 4242 4242 424x' }), CARD_MESSAGES.invalidNumber);
    assert.equal(message({ number: '4242 4242 4242 4242 4242 4242' }), CARD_MESSAGES.invalidNumber);
    assert.equal(message({ exp_month: undefined }), "Your card's expiration date is incomplete.");
    assert.equal(message({ exp_year: '' }), "Your card's expiration date is incomplete.");
    assert.equal(message({ exp_month: 13 }), CARD_MESSAGES.invalidExpiryMonth);
    assert.equal(
      message({ exp_month: 10, exp_year: 2026 }),
      "Your card's expiration date is in the past.",
    );
    assert.equal(message({ exp_month: 11, exp_year: 26 }), 'ok', 'this month is still valid');
    assert.equal(message({ exp_year: 2025 }), "Your card's expiration date is in the past.");
    assert.equal(message({ exp_year: 2099 }), CARD_MESSAGES.invalidExpiryYear);
    assert.equal(message({ cvc: '12' }), "Your card's security code is incomplete.");
    assert.equal(message({ cvc: undefined }), "Your card's security code is incomplete.");
    assert.equal(message({ cvc: '1234' }), CARD_MESSAGES.invalidCvc);
    assert.equal(
      message({ number: '4111 1111 1111 1111' }),
      'Your card was declined. This site takes test cards only, such as 4242 4242 4242 4242.',
    );
    // The number is checked before the expiry, the expiry before the code.
    assert.equal(
      message({ number: '4242', exp_month: 99, cvc: '' }),
      CARD_MESSAGES.incompleteNumber,
    );
    assert.equal(
      message({ exp_year: 2001, cvc: '' }),
      "Your card's expiration date is in the past.",
    );
  });

  it('reads months and years typed as strings, and asks 4 digits of an Amex code', () => {
    assert.equal(check({ exp_month: '07', exp_year: '31' }).ok, true);
    const amex = check({ number: '3782 822463 10005', cvc: '123' });
    assert.equal(amex.ok ? 'ok' : amex.message, "Your card's security code is incomplete.");
  });
});
