/**
 * The item art and the RNG the seed draws its sample data with. Both live in lib/item-art.ts,
 * since the running API draws art too (issue 28: runtime code never imports the seed).
 */
export { renderItemSvg } from '../../lib/item-art';
export { createRng } from '../../lib/random';
