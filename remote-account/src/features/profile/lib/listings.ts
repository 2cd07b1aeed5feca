import type { MarketListing } from '@hypertek/shared';

/** Only an active listing can be cancelled (Sold, Cancelled and Expired are final). */
export const isActive = (listing: MarketListing): boolean => listing.status === 'Active';

/** The sum of the listings' prices, in cents-exact dollars. */
export const totalPrice = (listings: readonly MarketListing[]): number =>
  Math.round(listings.reduce((sum, { price }) => sum + price * 100, 0)) / 100;

/** 'Cancel 2 Listing(s)', as the product words the button. */
export const cancelLabel = (count: number): string => `Cancel ${count} Listing(s)`;
