/**
 * The federation runtime, doubled (setup.ts mocks '@module-federation/enhanced/runtime'): every
 * exposed module is a tiny page whose heading names it, e.g. 'marketing/home'.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

export const loadRemoteMock = jest.mocked(loadRemote);
export const registerRemotesMock = jest.mocked(registerRemotes);
export const registerPluginsMock = jest.mocked(registerPlugins);

/** The page the double serves for `id` ('remote/module'). */
export function fakePage(id: string): ComponentType {
  const Page = () => <h1>{id}</h1>;
  Page.displayName = `FakePage(${id})`;
  return Page;
}

/** Every remote answers; `pages` replaces the page of some ids ('marketing/home': Throws). */
export function remotesUp(pages: Record<string, ComponentType> = {}): void {
  loadRemoteMock.mockImplementation((id: string) =>
    Promise.resolve({ default: pages[id] ?? fakePage(id) }),
  );
}

/** Every remote is unreachable (its manifest cannot be fetched). */
export function remotesDown(): void {
  loadRemoteMock.mockImplementation(() =>
    Promise.reject(new Error('[ Federation Runtime ]: Failed to get manifest.')),
  );
}
