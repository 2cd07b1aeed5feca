/**
 * Runs before each test file: DOM matchers, the federation runtime double, and a clean start for
 * every test (signed out, empty storage, no network, every remote up); spies on console and the
 * like are restored after each test.
 */
import '@testing-library/jest-dom';

import { preloadHttp, session } from '@hypertek/shared';
import { serveApi } from '@hypertek/shared/testing';

import { loadRemoteMock, registerPluginsMock, registerRemotesMock, remotesUp } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

// axios loads lazily in the app; load it once here so request timing under fake timers is as
// in a warmed-up page.
beforeAll(() => preloadHttp());

beforeEach(() => {
  session.signOut();
  localStorage.clear();
  sessionStorage.clear();
  serveApi();
  registerRemotesMock.mockClear();
  registerPluginsMock.mockClear();
  loadRemoteMock.mockClear();
  remotesUp();
});

afterEach(() => jest.restoreAllMocks());
