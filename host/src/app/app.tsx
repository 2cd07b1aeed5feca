import { bus, preloadHttpOnIntent } from '@hypertek/shared';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';

import { startFieldVitals } from './field-vitals';
import { AppRoutes } from './router';

/** Remotes (and code outside components) ask for navigation through the bus. */
function NavigationRequests() {
  const navigate = useNavigate();
  useEffect(
    () =>
      bus.on(
        'navigation:requested',
        ({ to, replace, state }) => void navigate(to, { replace, state }),
      ),
    [navigate],
  );
  return null;
}

/**
 * After the app's first commit: a drawn page's #root, inert until React adopted it, answers the
 * visitor (its route's page stays inert until its own code runs, remote-route.tsx); the HTTP
 * client (axios, ~20 kB) loads at the visitor's first sign of intent, not with the page
 * (`preloadHttpOnIntent`): a drawn page has its data in its HTML already; and the field Web
 * Vitals collector loads once the page has loaded and the browser is idle (`startFieldVitals`).
 */
function AfterFirstCommit() {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('inert');
    startFieldVitals();
    return preloadHttpOnIntent();
  }, []);
  return null;
}

/**
 * The site inside a router: the browser's (`App`), or the memory router the web server draws a
 * page with (prerender/frames.tsx, `renderSite`). One tree for both, so that the browser hydrates
 * exactly what the server drew (React's ids follow the tree's shape).
 */
export function Site() {
  return (
    <>
      <NavigationRequests />
      <AppRoutes />
      <AfterFirstCommit />
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Site />
    </BrowserRouter>
  );
}
