import {
  DEFAULT_ITEM_TITLE,
  isCatalogueItem,
  itemId,
  itemSerial,
  itemTitle,
} from '../contract/catalogue-item';
import {
  PAYMENT_ITEM_STORAGE_KEY,
  paymentItemFrom,
  readPaymentItem,
  savePaymentItem,
} from './payment-item';

const item = {
  _id: 'n1',
  id: 'n1',
  title: 'Neon Rider',
  serialNumber: 'HT-0001',
  price: 120,
  kind: 'nfa' as const,
};

beforeEach(() => localStorage.clear());

describe('catalogue items', () => {
  it('falls back to the default name of the kind when the title is missing or blank', () => {
    expect(itemTitle(item)).toBe('Neon Rider');
    expect(itemTitle({ price: 1, title: '  ' })).toBe(DEFAULT_ITEM_TITLE.nfa);
    expect(itemTitle({ price: 1, kind: 'land' })).toBe('Hyper Tek Land');
    expect(itemTitle({ price: 1 }, 'land')).toBe('Hyper Tek Land');
  });

  it('reads the serial number from serialNumber, code or name, and the id from _id or id', () => {
    expect(itemSerial(item)).toBe('HT-0001');
    expect(itemSerial({ price: 1, code: 'C-7' })).toBe('C-7');
    expect(itemSerial({ price: 1, name: 'N-9' })).toBe('N-9');
    expect(itemSerial({ price: 1 })).toBe('');
    expect(itemId({ price: 1, id: 'x' })).toBe('x');
  });

  it('accepts only objects with an id and a finite price', () => {
    expect(isCatalogueItem(item)).toBe(true);
    expect(isCatalogueItem({ id: 'a', price: 0 })).toBe(true);
    for (const bad of [
      null,
      'x',
      3,
      { price: 3 },
      { _id: 'a', price: '3' },
      { _id: 'a', price: Infinity },
    ]) {
      expect(isCatalogueItem(bad)).toBe(false);
    }
  });
});

describe('paymentItem in local storage', () => {
  it('saves the item under paymentItem and reads it back', () => {
    savePaymentItem(item);
    expect(JSON.parse(localStorage.getItem(PAYMENT_ITEM_STORAGE_KEY) ?? 'null')).toEqual(item);
    expect(readPaymentItem()).toEqual(item);
  });

  it('reads null when nothing, garbage or a non-item is stored', () => {
    expect(readPaymentItem()).toBeNull();
    localStorage.setItem(PAYMENT_ITEM_STORAGE_KEY, '{oops');
    expect(readPaymentItem()).toBeNull();
    localStorage.setItem(PAYMENT_ITEM_STORAGE_KEY, JSON.stringify({ title: 'no id' }));
    expect(readPaymentItem()).toBeNull();
  });
});

describe('the item a page is about (navigation state, else paymentItem)', () => {
  const land = { _id: 'l7', title: 'Neon Basin Outpost', price: 500, kind: 'land' as const };

  it('is the navigation state when that is an item', () => {
    savePaymentItem(land);
    expect(paymentItemFrom(item)).toEqual(item);
  });

  it('is the stored paymentItem when the state is missing or not an item', () => {
    savePaymentItem(land);
    expect(paymentItemFrom(null)).toEqual(land);
    expect(paymentItemFrom({ title: 'no id, no price' })).toEqual(land);
  });

  it('is null when there is neither', () => {
    expect(paymentItemFrom(undefined)).toBeNull();
  });
});
