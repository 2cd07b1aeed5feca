import { OFFER_COUNT_LABEL, offerCountLabel, SELL_TILE_PRICE } from './constants';

describe('the marketplace constants', () => {
  it("keep the Instant Sell tile's fixed price, 1800 USDT", () => {
    expect(SELL_TILE_PRICE).toBe(1800);
  });

  it("write the offers tab 'Offer N', 'Offer 0' when there is none", () => {
    expect(OFFER_COUNT_LABEL).toBe('Offer 0');
    expect(offerCountLabel(0)).toBe('Offer 0');
    expect(offerCountLabel(3)).toBe('Offer 3');
  });
});
