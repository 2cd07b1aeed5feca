import { jestConfig } from '@hypertek/shared/testing/jest-config';

export default jestConfig({ setupFilesAfterEnv: ['@testing-library/jest-dom'] });
