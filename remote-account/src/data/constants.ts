/** The account remote's timings: the product's, used by this remote only. */

export const WALLET_SIGNATURE_TIMEOUT_MS = 20_000;
export const WALLET_PROMPT_DELAY_MS = 1_000;
export const WALLET_PROMPT_DURATION_MS = 10_000;
export const WALLET_HELP_TOAST_MS = 8_000;
export const COPIED_INDICATOR_MS = 2_000;
