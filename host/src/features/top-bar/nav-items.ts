import type { DropdownItem } from './components/dropdown';

/** Shop entries only log and close. */
export const SHOP_ITEMS: readonly DropdownItem[] = [
  'Overview',
  'My Assets',
  'Collectibles',
  'Land',
].map((label) => ({
  label,
  onSelect: () => console.info(`[hypertek] shop: ${label}`),
}));

/** Social entries with placeholder links. */
export const SOCIAL_ITEMS: readonly DropdownItem[] = [
  { label: 'Discord', href: '#' },
  { label: 'X', href: '#' },
  { label: 'Telegram', href: '#' },
];
