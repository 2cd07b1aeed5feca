import '@testing-library/jest-dom';

import { http, session } from '@hypertek/shared';
import { act } from '@testing-library/react';

// Every test starts signed out, with no stubbed network and empty storage.
afterEach(() => {
  delete http.defaults.adapter;
  act(() => session.signOut());
  localStorage.clear();
});
