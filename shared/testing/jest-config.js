/**
 * WARNING: for tests only. The jest config every package shares: swc with React's automatic
 * runtime, stylesheets as identity-obj-proxy, the jsdom environment with the Fetch classes, the
 * polyfills, Testing Library's waits, and tests under src/. `overrides` add to it: setupFiles run
 * after the polyfills, setupFilesAfterEnv after the waits' setting,
 * moduleNameMapper entries join the CSS one, any other key replaces the default.
 *
 * Usage, in a package's jest.config.js:
 *   import { jestConfig } from '@hypertek/shared/testing/jest-config';
 *   export default jestConfig({ setupFilesAfterEnv: ['@testing-library/jest-dom'] });
 */
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/**
 * @param {import('jest').Config} [overrides]
 * @returns {import('jest').Config}
 */
export function jestConfig(overrides = {}) {
  const { setupFiles = [], setupFilesAfterEnv = [], moduleNameMapper = {}, ...rest } = overrides;
  return {
    testEnvironment: here('../src/testing/environment.ts'),
    transform: {
      '^.+\\.m?(t|j)sx?$': [
        '@swc/jest',
        { jsc: { transform: { react: { runtime: 'automatic' } } } },
      ],
    },
    setupFiles: [here('../src/testing/polyfills.ts'), ...setupFiles],
    // Testing Library's waits, the same in every package (testing/timeouts.ts).
    setupFilesAfterEnv: [here('../src/testing/timeouts.ts'), ...setupFilesAfterEnv],
    moduleNameMapper: { '\\.css$': 'identity-obj-proxy', ...moduleNameMapper },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    // Jest's default limit is 5 s a test: typing a form's fields took longer than that on a
    // loaded 2-core CI machine (load average 12), and the test that timed out left its typing to
    // the next one. A test that hangs still fails, after 20 s.
    testTimeout: 20_000,
    ...rest,
  };
}
