const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  trailingZeroDisplay: 'stripIfInteger',
});

/** A dollar amount as the checkout writes it: '$1,800', '$12.50'. */
export const formatUsd = (amount: number): string => usd.format(amount);
