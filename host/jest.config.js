/** @type {import('jest').Config} */
export default {
  testEnvironment: '<rootDir>/src/testing/environment.ts',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
  },
  // What jsdom lacks (TextEncoder for React Router 7), then matchers, the federation runtime double
  // and the per-test reset of the session, storage and HTTP stub.
  setupFiles: ['<rootDir>/src/testing/polyfills.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup.ts'],
  moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
};
