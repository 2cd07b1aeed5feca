/** DOM matchers for every test, and a clean start: signed out, empty storage, no HTTP stub. */
import '@testing-library/jest-dom';

import { session } from '@hypertek/shared';
import { stopServing } from '@hypertek/shared/testing';
// Registers its unmount-after-each first, so pages are gone before the session changes below.
import '@testing-library/react';

afterEach(() => {
  session.signOut();
  localStorage.clear();
  stopServing();
});
