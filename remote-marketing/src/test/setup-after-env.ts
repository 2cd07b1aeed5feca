/** Matchers (`toBeInTheDocument`, `toHaveAttribute` …) and the browser APIs jsdom leaves out. */
import '@testing-library/jest-dom';

import { stopServing } from '@hypertek/shared/testing';

import { installBrowserStubs } from './browser-stubs';

installBrowserStubs();

// Every test starts without an HTTP stub and with an empty data cache.
afterEach(() => stopServing());
