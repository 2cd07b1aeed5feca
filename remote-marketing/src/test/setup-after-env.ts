/** Matchers (`toBeInTheDocument`, `toHaveAttribute` …) and the browser APIs jsdom leaves out. */
import '@testing-library/jest-dom';

import { installBrowserStubs } from './browser-stubs';

installBrowserStubs();
