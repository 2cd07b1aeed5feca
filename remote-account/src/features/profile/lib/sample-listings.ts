import type { Listing } from '@hypertek/shared';

/**
 * The hard-coded listings of the List tab ("Rows are hard-coded samples"). `image` is
 * empty: the table draws generated art from the name (no external URLs).
 */
export const SAMPLE_LISTINGS: readonly Listing[] = [
  {
    id: 1,
    name: 'Neon Ronin #0217',
    status: 'Active',
    price: 1250,
    floor: 1100,
    qty: 1,
    image: '',
    checked: false,
  },
  {
    id: 2,
    name: 'Quantum Courier #0042',
    status: 'Active',
    price: 860.5,
    floor: 820,
    qty: 2,
    image: '',
    checked: false,
  },
  {
    id: 3,
    name: 'Void Parcel 12-B',
    status: 'Inactive',
    price: 3400,
    floor: 3150,
    qty: 1,
    image: '',
    checked: false,
  },
  {
    id: 4,
    name: 'Chrome Seraph #1180',
    status: 'Active',
    price: 420,
    floor: 395,
    qty: 3,
    image: '',
    checked: false,
  },
  {
    id: 5,
    name: 'Monkey Ape #0033',
    status: 'Inactive',
    price: 1800,
    floor: 1750,
    qty: 1,
    image: '',
    checked: false,
  },
];

/** The sum of the listings' prices, in cents-exact dollars. */
export const totalPrice = (listings: readonly Listing[]): number =>
  Math.round(listings.reduce((sum, { price }) => sum + price * 100, 0)) / 100;

/** 'Cancel 2 Listing(s)', as the product words the button. */
export const cancelLabel = (count: number): string => `Cancel ${count} Listing(s)`;
