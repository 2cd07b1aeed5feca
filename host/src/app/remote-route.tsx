/**
 * One remote page inside the host: loaded lazily through federation, wrapped in Suspense and an
 * error boundary. A remote that is down or throws shows a fallback with 'Try again'; the top bar,
 * footer and every other remote keep working.
 */
import type { RemoteName } from '@hypertek/shared';
import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';

import { useLocation } from 'react-router';

import { RouteLoading } from '../components/route-loading';
import { loadRemotePage } from '../lib/federation';
import { serverSnapshotFor } from '../prerender/snapshot';

const AREA_NAMES: Record<RemoteName, string> = {
  marketing: 'the Hyper Tek story',
  marketplace: 'the marketplace',
  account: 'your account',
  checkout: 'checkout',
};

const pages = new Map<string, ComponentType>();
function remotePage(remote: RemoteName, module: string, attempt: number): ComponentType {
  const key = `${remote}/${module}#${attempt}`;
  let page = pages.get(key);
  if (!page) {
    // A failed load is not kept: coming back to the route (or a retry) loads it anew.
    const load = () =>
      loadRemotePage(remote, module).catch((error: unknown) => {
        pages.delete(key);
        throw error;
      });
    pages.set(key, (page = lazy(load)));
  }
  return page;
}

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[hypertek] remote '${this.props.remote}' failed`, error, info.componentStack);
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
  return <div className="remote-snapshot" inert dangerouslySetInnerHTML={{ __html: html }} />;
}

export function RemoteRoute({ remote, module }: { remote: RemoteName; module: string }) {
  const [attempt, setAttempt] = useState(0);
  // The lazy component is cached per remote, module and attempt, so its identity is stable
  // across renders; a retry deliberately makes a new one.
  const Page = remotePage(remote, module, attempt);
  return (
    <div className="remote-route" data-remote={remote}>
      <RemoteBoundary key={attempt} remote={remote} onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={<PageLoading />}>
          {/* eslint-disable-next-line react-hooks/static-components -- cached, see above */}
          <Page />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
