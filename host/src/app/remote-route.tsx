/**
 * One remote page inside the host: loaded through federation, inside an error boundary. A remote
 * that is down or throws shows a fallback with 'Try again'; the top bar, footer and every other
 * remote keep working.
 *
 * The page is not a `lazy` component under Suspense: React reveals suspended content at most every
 * 300 ms after a fallback was shown, which held a page's live version (and its data) back by up to
 * 300 ms. The loaded module is kept in a store instead, and the route renders the page the moment
 * it is there, as a transition (in slices, never one long task).
 *
 * A page the server drew for hydration is the exception: on the server the web server hands the
 * route its page module (`ServerPageContext`), rendered inside a Suspense boundary; in the browser
 * the route suspends on the module's load while it hydrates, so React keeps the drawn page (no
 * fallback is ever shown) and hydrates it when the code arrives.
 */
import type { RemoteName } from '@hypertek/shared';
import {
  Component,
  createContext,
  startTransition,
  Suspense,
  use,
  useContext,
  useCallback,
  useEffect,
  useLayoutEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';

import { useLocation } from 'react-router';

import { RouteLoading } from '../components/route-loading';
import { loadRemotePage } from '../lib/federation';
import { pageDrawn, pageLive } from '../lib/hydration';
import { reportFailed, reportLoaded } from '../lib/release-reports';
import { serverDrawnHtml } from '../lib/trusted-types';
import { RemoteIntegrityError } from '../lib/remote-integrity';
import { serverSnapshotFor } from '../prerender/snapshot';
import { useRouteHead } from './route-head';
import type { PageModule, RoutePath } from './route-table';

const AREA_NAMES: Record<RemoteName, string> = {
  marketing: 'the Hyper Tek story',
  marketplace: 'the marketplace',
  account: 'your account',
  checkout: 'checkout',
};

type PageLoad =
  | { status: 'loading'; arrival: Promise<{ default: ComponentType }> }
  | { status: 'ready'; Page: ComponentType }
  | { status: 'failed'; error: unknown };

/** What the web server drew a route's page with: the page's module, loaded in Node. */
export interface ServerPage {
  remote: string;
  module: string;
  Page: ComponentType;
}

/**
 * Set when the web server draws the site (frames.tsx, `renderSite`): the page module of the route
 * being drawn, if any.
 */
export const ServerPageContext = createContext<{ page: ServerPage | null } | null>(null);

/** Page modules by remote, module and attempt (a retry deliberately loads anew). */
const loads = new Map<string, PageLoad>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const settle = (key: string, load: PageLoad) => {
  loads.set(key, load);
  for (const listener of listeners) listener();
};

function startLoad(key: string, remote: RemoteName, module: string): PageLoad {
  let load = loads.get(key);
  if (!load) {
    const arrival = loadRemotePage(remote, module);
    loads.set(key, (load = { status: 'loading', arrival }));
    arrival.then(
      (loaded) => {
        reportLoaded(remote);
        settle(key, { status: 'ready', Page: loaded.default });
      },
      (error: unknown) => {
        reportFailed(remote, error instanceof RemoteIntegrityError ? 'integrity' : 'load', error);
        settle(key, { status: 'failed', error });
      },
    );
  }
  return load;
}

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  onFailed: () => void;
  children: ReactNode;
}

class RemoteBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[hypertek] remote '${this.props.remote}' failed`, error, info.componentStack);
    // Tagged with the remote's release: a canary that fails is rolled back by itself.
    reportFailed(this.props.remote, 'render', error);
    this.props.onFailed();
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="remote-fallback" data-testid="remote-fallback" role="alert">
        <h1>This part of Hyper Tek is unreachable</h1>
        <p>
          We could not load {AREA_NAMES[this.props.remote]} just now. Everything else still works;
          try again in a moment.
        </p>
        <button type="button" className="btn btn-primary" onClick={this.props.onRetry}>
          Try again
        </button>
      </section>
    );
  }
}

/**
 * While the page loads: the page as the server drew it (inert, the same markup the page renders
 * first), so nothing moves when the live page replaces it; else the loading state.
 */
function PageLoading() {
  const html = serverSnapshotFor(useLocation().pathname);
  if (html === null) return <RouteLoading />;
  return (
    <div
      className="remote-snapshot"
      inert
      dangerouslySetInnerHTML={{ __html: serverDrawnHtml(html) }}
    />
  );
}

/** Drawn by the web server: the page module it loaded, when it is this route's. */
function ServerDrawnPage({
  page,
  remote,
  module,
}: {
  page: ServerPage | null;
  remote: RemoteName;
  module: string;
}) {
  if (!page || page.remote !== remote || page.module !== module) return <RouteLoading />;
  return <page.Page />;
}

/**
 * The page once loaded; while it loads, the loading state (or, in a route the server drew, the
 * page as drawn); a failed load goes to the boundary. `onLive` is called once the page's own code
 * has rendered.
 */
function LoadedPage({
  remote,
  module,
  attempt,
  suspend,
  onLive,
}: {
  remote: RemoteName;
  module: string;
  attempt: number;
  /** In a Suspense boundary (a route the server drew): suspend while the code loads. */
  suspend: boolean;
  onLive: () => void;
}) {
  const key = `${remote}/${module}#${attempt}`;
  const started = startLoad(key, remote, module);
  const [shown, setShown] = useState({ key, load: started });
  const load = shown.key === key ? shown.load : started;
  const ready = load.status === 'ready';
  useLayoutEffect(() => {
    if (ready) onLive();
  }, [ready, onLive]);
  useEffect(() => {
    // The page arrives as a transition: React renders it in slices that yield to the browser
    // (input stays answered) while the drawn page stays on screen, instead of one long task.
    const update = () => {
      const next = loads.get(key);
      if (next) startTransition(() => setShown({ key, load: next }));
    };
    update(); // it may have settled between the render and this effect
    return subscribe(update);
  }, [key]);
  if (load.status === 'failed') throw load.error;
  if (load.status === 'loading') {
    if (!suspend) return <PageLoading />;
    // A route the server drew (its page in a Suspense boundary): suspend until the code arrives,
    // so React keeps the drawn page while it hydrates (or, rendering anew, shows the boundary's
    // loading state); then the page itself, whether or not the store has heard of it yet. Never
    // the loading state in its place: inside a boundary being hydrated, that is a mismatch.
    const { default: Arrived } = use(load.arrival);
    return <Arrived />;
  }
  const { Page } = load;
  return <Page />;
}

export function RemoteRoute({
  path,
  remote,
  module,
}: {
  /** The route table's path: its title and description are set on navigation. */
  path: RoutePath;
  remote: RemoteName;
  module: PageModule;
}) {
  useRouteHead(path);
  // A failed load is not kept: opening the route again loads it anew.
  const [attempt, setAttempt] = useState(() => {
    const key = `${remote}/${module}#0`;
    if (loads.get(key)?.status === 'failed') loads.delete(key);
    return 0;
  });
  // The page the server drew stays a picture until its code has rendered it: inert (nothing typed
  // or clicked into it is lost), without `data-remote`.
  const server = useContext(ServerPageContext);
  const [drawn, setDrawn] = useState(() => server !== null || pageDrawn());
  // Only a route drawn by the server has its page in a Suspense boundary (what hydration resumes
  // when the code arrives); chosen once, so the page is never mounted anew when it goes live.
  const [hydrated] = useState(drawn);
  const live = useCallback(() => {
    pageLive();
    setDrawn(false);
  }, []);
  const page = server ? (
    <ServerDrawnPage page={server.page} remote={remote} module={module} />
  ) : (
    <LoadedPage
      remote={remote}
      module={module}
      attempt={attempt}
      suspend={hydrated}
      onLive={live}
    />
  );
  return (
    <div
      className="remote-route"
      data-remote={drawn ? undefined : remote}
      inert={drawn || undefined}
    >
      <RemoteBoundary
        key={attempt}
        remote={remote}
        onRetry={() => setAttempt((n) => n + 1)}
        onFailed={live}
      >
        {hydrated ? <Suspense fallback={<PageLoading />}>{page}</Suspense> : page}
      </RemoteBoundary>
    </div>
  );
}
