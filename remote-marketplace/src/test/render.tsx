/** Renders a page inside a memory router, with a catch-all that shows where navigation went. */
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';

/**
 * Any other path: shows the path and the navigation state, so tests can read where they went,
 * and a 'Back' button (history -1) to come back.
 */
function Elsewhere() {
  const { pathname, state } = useLocation() as { pathname: string; state: unknown };
  const navigate = useNavigate();
  return (
    <div>
      <h1>Landed on {pathname}</h1>
      <pre data-testid="state">{JSON.stringify(state ?? null)}</pre>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </div>
  );
}

/** The address bar, as far as a test needs it. */
function Address() {
  const { pathname, search } = useLocation();
  return <div data-testid="address">{pathname + search}</div>;
}

const splitUrl = (url: string) => {
  const at = url.indexOf('?');
  return at < 0
    ? { pathname: url, search: '' }
    : { pathname: url.slice(0, at), search: url.slice(at) };
};

export function renderPage(
  page: ReactElement,
  { path, url = path, state }: { path: string; url?: string; state?: unknown },
) {
  // StrictMode, as in the host: effects run twice on mount, and pages must not show it.
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[{ ...splitUrl(url), state }]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
        <Address />
      </MemoryRouter>
    </StrictMode>,
  );
}
