import { jestConfig } from '@hypertek/shared/testing/jest-config';

export default jestConfig({
  setupFiles: ['<rootDir>/jest.setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup-after-env.ts'],
});
