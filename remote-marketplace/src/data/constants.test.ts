import { SAMPLE_SELL_ITEM } from './constants';

describe('the sample sell item', () => {
  it('is Monkey Ape at 1800 USDT, fee 0.5, total 1800.5', () => {
    expect(SAMPLE_SELL_ITEM).toEqual({ title: 'Monkey Ape', price: 1800, fee: 0.5, total: 1800.5 });
  });
});
