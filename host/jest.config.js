import { jestConfig } from '@hypertek/shared/testing/jest-config';

// The shared setup (jsdom with the Fetch classes, polyfills, swc, CSS proxy), then matchers, the
// federation runtime double and the per-test reset of the session, storage and HTTP stub.
export default jestConfig({ setupFilesAfterEnv: ['<rootDir>/src/testing/setup.ts'] });
