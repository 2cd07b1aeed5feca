/**
 * What jsdom lacks and only the account pages use: object URLs (the avatar preview of /edit).
 * The common polyfills come from @hypertek/shared/testing (see jest.config.js).
 */
let objectUrls = 0;
Object.assign(URL, {
  createObjectURL: () => `blob:avatar-preview-${++objectUrls}`,
  revokeObjectURL: () => undefined,
});
