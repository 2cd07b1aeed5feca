/** @type {import('jest').Config} */
export default {
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
  },
  // Pages import their stylesheets; class names are what tests see, so CSS maps to a proxy.
  moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
  setupFiles: ['<rootDir>/src/test/setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-after-env.ts'],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
};
