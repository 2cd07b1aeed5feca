import { Outlet, useLocation } from 'react-router';

import { Footer } from '../components/footer';
import { useDiscordReturn } from '../features/session/hooks/use-discord-return';
import { useSessionWatch } from '../features/session/hooks/use-session-watch';
import { ToastHost } from '../features/toasts/components/toast-host';
import { TopBar } from '../features/top-bar/components/top-bar';
import { BARE_PATHS } from './route-table';

/** The frame of every page: top bar, page, footer (none on /stripe-payment), toasts. */
export function Layout() {
  const { pathname } = useLocation();
  const bare = BARE_PATHS.has(pathname.toLowerCase().replace(/\/+$/, '')); // '/x/' is '/x'
  useSessionWatch();
  useDiscordReturn();
  return (
    <>
      {!bare && <TopBar />}
      <main className={bare ? 'page page-bare' : 'page'} id="main">
        <Outlet />
      </main>
      {!bare && <Footer />}
      <ToastHost />
    </>
  );
}
