/**
 * WARNING: for tests only (every package's jest setup, see testing/jest-config.js). `findBy…` and
 * `waitFor` wait up to 5 s (Testing Library's default is 1 s): a page's first render in a file also
 * evaluates its lazily loaded modules, which took over a second on CI's 2 cores while other suites
 * ran (checkout's way to /success, the catalogue's pages). An element that never shows still fails.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
