import { useSession } from '@hypertek/shared';
import { useApiQuery } from '@hypertek/shared/data';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { LoadingStatus } from '../../components/loading-status';
import '../../styles/console.css';
import { HistoryTable } from './history-table';
import { REREAD_MS } from './lib/figures';
import { ReleaseRefusal, releaseEndpoint } from './lib/release-endpoint';
import { ReleaseTokens } from './release-tokens';
import { RemotePanel } from './remote-panel';

/** What a signed-in account that is not staff sees, with the server's reason. */
function StaffOnly({ reason }: { reason: string }) {
  return (
    <section className="container section">
      <div className="ac-empty">
        <p className="eyebrow">Release console</p>
        <h1>Staff only</h1>
        <p className="muted">{reason}</p>
      </div>
    </section>
  );
}

function Console() {
  const status = useApiQuery({
    queryKey: ['release-status'],
    queryFn: ({ signal }) => releaseEndpoint.status(signal),
    refetchInterval: REREAD_MS,
  });
  if (status.isPending) return <LoadingStatus label="Loading the releases" />;
  if (status.isError) {
    const error = status.error;
    if (error instanceof ReleaseRefusal && error.status === 403)
      return <StaffOnly reason={error.message} />;
    return (
      <section className="container section">
        <h1>Release console</h1>
        <p role="alert">The releases cannot be read: {error.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => void status.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  const { remotes, history } = status.data;
  const changed = () => void status.refetch();
  return (
    <section className="container section ac-console">
      <p className="eyebrow">Staff</p>
      <h1>Release console</h1>
      <p className="muted">
        Each remote's releases, what real visitors lived through on each version, and the canary
        judge's verdict. Your role decides which remotes you may act on; every action is recorded
        with your name. Publishing a release stays a build step:{' '}
        <code>npm run release -- publish &lt;remote&gt;</code> on the machine that builds.
      </p>
      {remotes.map((remote) => (
        <RemotePanel
          key={remote.remote}
          status={remote}
          history={history}
          readAt={status.dataUpdatedAt}
          onChanged={changed}
        />
      ))}
      <h2>History</h2>
      <HistoryTable history={history} />
      <ReleaseTokens />
    </section>
  );
}

/**
 * /console: the release console for staff (docs/operations.md, "The console"). Signed out: sent to
 * sign in; signed in without a staff role: "Staff only", in the release endpoint's words.
 */
export default function ConsolePage() {
  const { user } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (!user) void navigate('/signin', { replace: true });
  }, [user, navigate]);
  if (!user) return null;
  return <Console />;
}
