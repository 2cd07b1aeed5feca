/** The frame's timings and fixed texts: the product's, used by the host only. */

export const HOME_LOADING_MS = 1_000;
export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = { neutral: 4_000, error: 4_000, success: 2_000 } as const;
export const RIGHTS_YEAR = 2025;
