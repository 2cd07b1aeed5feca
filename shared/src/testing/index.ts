/**
 * WARNING: for tests only. `@hypertek/shared/testing` is the test kit of every package: fixtures
 * (users, JWTs, signing in), the stub of the API under the shared HTTP client, and the toasts
 * pages ask for. The jest side (environment, polyfills, config) is
 * `@hypertek/shared/testing/jest-config`. App code must never import it (an ESLint
 * `no-restricted-imports` rule forbids it outside test files): it replaces the network and pulls
 * in test-only code.
 */
export {
  base64url,
  expiredToken,
  makeActivity,
  makeToken,
  makeUser,
  signIn,
  tokenExpiringIn,
  validToken,
} from './fixtures';
export { calls, deferred, pending, sentUrl, serve, serveApi, stopServing } from './http';
export type { Reply, Route, Routes, SentRequest } from './http';
export { recordToasts } from './toasts';
export { linkTargets } from './links';
export { fakeIntersectionObserver } from './intersection-observer';
export { fakeEventSource, FakeEventSource, pageStream } from './event-source';
export { recordBeacons, recordFunnelSteps, TEST_VISITOR } from './beacons';
export type { SentBeacon } from './beacons';
