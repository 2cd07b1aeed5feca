import { formatDollars } from '@hypertek/shared';

/**
 * The balance as the profile has always shown it: '$3000', with no thousands separator; an amount
 * with cents shows two digits, as every price does ('$1234.50').
 */
export const formatBalance = (amount: number): string => formatDollars(amount, false);
