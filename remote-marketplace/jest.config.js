import { jestConfig } from '@hypertek/shared/testing/jest-config';

export default jestConfig({ setupFilesAfterEnv: ['<rootDir>/jest.setup-after-env.ts'] });
