/** DOM matchers for every test, and a clean start: signed out, empty storage, no HTTP stub. */
import '@testing-library/jest-dom';

import { session } from '@hypertek/shared';
import { stopServing } from '@hypertek/shared/testing';
// Registers its unmount-after-each first, so pages are gone before the session changes below.
import '@testing-library/react';

import { preloadVirtualRows } from './src/components/catalogue/virtual-card-grid';

// The catalogue's virtual rows are their own chunk, fetched at a visitor's first intent; a test's
// page renders them at once, as a page does once they have arrived (none swaps its grid mid-test).
beforeAll(() => preloadVirtualRows());

afterEach(() => {
  session.signOut();
  localStorage.clear();
  stopServing();
});
