/**
 * @jest-environment node
 */
// The contract is isomorphic: the API imports it in Node, with no window or local storage.
import * as contract from './index';

describe('@hypertek/shared/contract in Node', () => {
  it('loads without browser APIs', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof localStorage).toBe('undefined');
  });

  it('validates as in the browser', () => {
    expect(contract.validateLogin({ Email: 'ada@example.com', Password: 'short' })).toBe(
      'Password must be between 8 and 20 characters',
    );
    expect(contract.validatePurchase({ userId: 'u1', productId: '' })).toBe(
      'Product ID is  required',
    );
    expect(contract.sanitizeFullName('José 2')).toEqual({ value: 'José ', message: null });
    expect(contract.toCents(19.99)).toBe(1999);
  });
});
