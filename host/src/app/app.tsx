import { bus } from '@hypertek/shared';
import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';

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

export function App() {
  return (
    <BrowserRouter>
      <NavigationRequests />
      <AppRoutes />
    </BrowserRouter>
  );
}
