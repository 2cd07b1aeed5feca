/** DOM matchers for every test, and a clean start: signed out, empty storage, no HTTP stub. */
import '@testing-library/jest-dom';

import { session } from '@hypertek/shared';
import { stopServing } from '@hypertek/shared/testing';
// Registers its unmount-after-each first, so pages are gone before the session changes below.
import { configure } from '@testing-library/react';

// `findBy…` waits up to 5 s (the default 1 s): a file's first render also evaluates the page's
// modules, which took 2 s on CI's 2 cores while other suites ran (a page that never shows its
// element still fails).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  session.signOut();
  localStorage.clear();
  stopServing();
});
