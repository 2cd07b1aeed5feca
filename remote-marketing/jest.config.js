import { jestConfig } from '@hypertek/shared/testing/jest-config';

// Matchers and the browser APIs jsdom leaves out (matchMedia, IntersectionObserver) on top of the
// shared setup.
export default jestConfig({ setupFilesAfterEnv: ['<rootDir>/src/test/setup-after-env.ts'] });
