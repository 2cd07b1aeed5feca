import '@testing-library/jest-dom';

import { session } from '@hypertek/shared';
import { stopServing } from '@hypertek/shared/testing';
import { act } from '@testing-library/react';

// Every test starts signed out, with no stubbed network and empty storage.
afterEach(() => {
  stopServing();
  act(() => session.signOut());
  localStorage.clear();
});
