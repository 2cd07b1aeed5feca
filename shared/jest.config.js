import { jestConfig } from './testing/jest-config.js';

export default jestConfig({ setupFilesAfterEnv: ['<rootDir>/src/testing/jest-dom.ts'] });
