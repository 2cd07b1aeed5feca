import { TOAST_DURATION_MS, TOAST_LIMIT } from '../constants';

describe('toasts', () => {
  it('at most 20 at once, 4 s neutral and error, 2 s success', () => {
    expect(TOAST_LIMIT).toBe(20);
    expect(TOAST_DURATION_MS).toEqual({ neutral: 4000, error: 4000, success: 2000 });
  });
});
