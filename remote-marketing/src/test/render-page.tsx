import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** Shows the current path, so a test can tell whether a click navigated. */
function LocationProbe() {
  const { pathname, hash } = useLocation();
  return <output data-testid="location">{pathname + hash}</output>;
}

/** Renders a page at `path` inside a router, as the host does (the host adds top bar and footer). */
export function renderPage(page: ReactElement, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={page} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}
