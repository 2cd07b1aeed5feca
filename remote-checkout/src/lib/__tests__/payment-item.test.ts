import { land, nfa, storeItem } from '../../test/fixtures';
import { paymentItemFrom } from '../payment-item';

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
});
