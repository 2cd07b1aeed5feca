/** @type {import('jest').Config} */
export default {
  testEnvironment: '<rootDir>/src/test/environment.ts',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
  },
  // Pages import their stylesheet; tests assert what users see, not class names.
  moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
  setupFiles: ['<rootDir>/jest.setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/jest.after-env.ts'],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
};
