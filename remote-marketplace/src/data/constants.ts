/** The marketplace's fixed figures and texts: the product's, shown by this remote only. */
/** The Instant Sell tile's price line, a fixed text of the product ('$1800 USDT'). */
export const SELL_TILE_PRICE = 1800;
export const SELL_DIALOG_DELAY_MS = 100;
export const CHART = { yMaxFactor: 1.1, barThickness: 40, label: 'Purchase Amount (USD)' } as const;
export const HERO_STATS = [
  { label: 'Total Item', value: '5K' },
  { label: 'Total Volume', value: '50.5K' },
  { label: 'Listed', value: '3.5K' },
  { label: 'Owners', value: '2.6K' },
] as const;
export const OFFER_COUNT_LABEL = 'Offer 0';
/** The item page's offers tab: 'Offer N', N the open offers on the item ('Offer 0' when none). */
export const offerCountLabel = (count: number): string =>
  count > 0 ? `Offer ${count}` : OFFER_COUNT_LABEL;
export const NFA_VIEWS_LABEL = '505 Views';
