import { bus } from '@hypertek/shared';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';

import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  // Remotes (and code outside components) ask for navigation through the bus.
  useEffect(
    () =>
      bus.on(
        'navigation:requested',
        ({ to, replace, state }) => void router.navigate(to, { replace, state }),
      ),
    [router],
  );
  return <RouterProvider router={router} />;
}
