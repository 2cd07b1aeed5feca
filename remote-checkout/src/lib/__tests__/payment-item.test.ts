import { land, nfa, storeItem } from '../../test/fixtures';
import {
  isPaymentItem,
  itemSerial,
  itemTitle,
  paymentItemFrom,
  readStoredPaymentItem,
} from '../payment-item';

beforeEach(() => localStorage.clear());

describe('the item of a checkout page', () => {
  it('is the navigation state when that is an item', () => {
    storeItem(land);
    expect(paymentItemFrom(nfa)).toEqual(nfa);
  });

  it('is the stored paymentItem when the state is missing or not an item', () => {
    storeItem(land);
    expect(paymentItemFrom(null)).toEqual(land);
    expect(paymentItemFrom({ title: 'no id, no price' })).toEqual(land);
  });

  it('is null when storage holds nothing usable', () => {
    expect(readStoredPaymentItem()).toBeNull();
    localStorage.setItem('paymentItem', '{broken');
    expect(readStoredPaymentItem()).toBeNull();
    storeItem({ _id: 'x', price: 'free' });
    expect(readStoredPaymentItem()).toBeNull();
  });

  it('needs an id and a finite price', () => {
    expect(isPaymentItem({ id: 'a', price: 3 })).toBe(true);
    expect(isPaymentItem({ _id: 'a', price: Number.NaN })).toBe(false);
    expect(isPaymentItem({ price: 3 })).toBe(false);
    expect(isPaymentItem('item')).toBe(false);
  });

  it('reads the serial from serialNumber, code or name, and falls back to a default title', () => {
    expect(itemSerial({ id: 'a', price: 1, code: 'C-1' })).toBe('C-1');
    expect(itemSerial({ id: 'a', price: 1, name: 'N-1' })).toBe('N-1');
    expect(itemTitle({ id: 'a', price: 1, title: '  ', kind: 'land' })).toBe('Hyper Tek Land');
    expect(itemTitle({ id: 'a', price: 1 })).toBe('Hyper Tek NFA');
  });
});
