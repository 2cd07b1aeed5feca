/** Renders the whole host (layout, top bar, remote routes, footer, toasts) at a path. */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import {
  unstable_HistoryRouter as HistoryRouter,
  UNSAFE_createMemoryHistory as createMemoryHistory,
} from 'react-router';

import { AppRoutes } from '../app/router';

/**
 * The host's own routes, in StrictMode as bootstrap renders it, on a history in memory that the
 * test can read: what `BrowserRouter` does with the browser's history in the site (the address
 * changes at once; the page follows in a transition). `user` acts without delays, so it works
 * with real and fake timers alike.
 */
export function renderAt(path: string) {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <StrictMode>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </StrictMode>,
  );
  /** The address now: pathname + search. */
  const location = () => `${history.location.pathname}${history.location.search}`;
  /** How the visitor got here: 'PUSH', 'REPLACE' or 'POP'. */
  const historyAction = () => history.action;
  /** Goes to a path, or back (-1) and forward, as a link or the browser's buttons would. */
  const navigate = (to: string | number) =>
    act(async () => {
      if (typeof to === 'number') history.go(to);
      else history.push(to);
      await Promise.resolve();
    });
  /**
   * Clicks `target` (a link, a button) and checks where it led: the address, then the page shown
   * there (a remote page's stand-in is headed '<remote>/<page>', as 'marketing/about').
   */
  const clickTo = async (target: HTMLElement, path: string, page: string) => {
    await user.click(target);
    expect(location()).toBe(path);
    expect(await screen.findByRole('heading', { name: page })).toBeInTheDocument();
  };
  return { ...view, user, location, historyAction, navigate, clickTo };
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
