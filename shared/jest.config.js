import { jestConfig } from './testing/jest-config.js';

export default jestConfig();
