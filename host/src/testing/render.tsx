/** Renders the whole host (layout, top bar, remote routes, footer, toasts) at a path. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { routes } from '../app/router';

/**
 * The host's own `routes` in a memory router, in StrictMode as bootstrap renders it. `user` acts
 * without delays, so it works with real and fake timers alike.
 */
export function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  /** Where the visitor is now: pathname + search. */
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, user, location };
}

/** Waits until no remote page is still loading. */
export const pageLoaded = () =>
  waitFor(() => expect(screen.queryByTestId('route-loading')).not.toBeInTheDocument());

/** `renderAt`, once the remote page (if any) has loaded. */
export async function renderPage(path: string) {
  const rendered = renderAt(path);
  await pageLoaded();
  return rendered;
}
