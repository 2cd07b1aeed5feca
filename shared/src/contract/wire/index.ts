/**
 * The wire contract's schemas (TypeBox): the API imports them to validate and document; the apps
 * import only their types, through `@hypertek/shared/contract`.
 */
export * from './common';
export * from './market';
export * from './market-figures';
export * from './market-events';
export * from './notifications';
export * from './release-figures';
export * from './release-status';
export * from './release-tokens';
export * from './watchlist';
