/**
 * A page load: the host and @hypertek/shared are imported anew (a fresh module registry), so the
 * session store starts from what local storage holds now, as it does when the site opens.
 *
 * WARNING: everything in the booted app comes from that registry, React included. Query and wait
 * with the `rtl` it returns (not the test file's own imports), call `rtl.cleanup()` at the end, and
 * keep to what needs no lazy `import()` after the boot (no toasts): those would resolve against the
 * test file's registry and mix two copies of React.
 */
async function importHost() {
  const rtl = await import('@testing-library/react/pure');
  const { createElement, StrictMode } = await import('react');
  const { MemoryRouter } = await import('react-router');
  const { AppRoutes } = await import('../app/router');
  const { session } = await import('@hypertek/shared');
  const { remotesUp } = await import('./remotes');
  return {
    rtl,
    createElement,
    StrictMode,
    MemoryRouter,
    AppRoutes,
    session,
    remotesUp,
  };
}

export async function bootAt(path: string) {
  let booted: Awaited<ReturnType<typeof importHost>> | undefined;
  // The first render happens inside the fresh registry too, so the lazy parts it loads (the
  // search box of a signed-in user) resolve against the same React.
  await jest.isolateModulesAsync(async () => {
    const host = await importHost();
    const { rtl, createElement, StrictMode, MemoryRouter, AppRoutes } = host;
    host.remotesUp();
    rtl.render(
      createElement(
        StrictMode,
        null,
        createElement(MemoryRouter, { initialEntries: [path] }, createElement(AppRoutes)),
      ),
    );
    await rtl.waitFor(() => {
      if (rtl.screen.queryByTestId('route-loading')) throw new Error('still loading');
      if (host.session.getSnapshot().isLoggedInUser && !rtl.screen.queryByRole('combobox')) {
        throw new Error('search box still loading');
      }
    });
    booted = host;
  });
  if (!booted) throw new Error('the host did not load');
  return { rtl: booted.rtl, session: booted.session };
}
