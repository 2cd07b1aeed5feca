/** The offer's price: the market's one rule (`validateMarketPrice`, which the API applies too). */
import { MARKET_MESSAGES, validateMarketPrice } from '@hypertek/shared';

/**
 * The price typed, read: the amount in dollars, or the message saying why it is refused ('Enter a
 * price', 'Price must be a positive number', at most 1,000,000, at most 2 decimals). `badInput`:
 * the number field holds text it cannot read ('1e'), its value is then empty.
 */
export function readOfferPrice(text: string, badInput = false): number | string {
  return badInput ? MARKET_MESSAGES.priceInvalid : validateMarketPrice(text);
}
