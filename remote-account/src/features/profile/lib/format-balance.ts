/**
 * The balance as the profile has always shown it: '$3000', with no thousands separator; an amount
 * with cents shows two digits, as every price does ('$1234.50').
 */
const balance = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  useGrouping: false,
  trailingZeroDisplay: 'stripIfInteger',
});

export const formatBalance = (amount: number): string => balance.format(amount);
