import { api, errorMessage, notify, type ReleaseToken } from '@hypertek/shared';
import { useApiQuery } from '@hypertek/shared/data';
import { DataTable, DialogButtons, Modal, type Column } from '@hypertek/shared/ui';
import { useId, useState } from 'react';

import { LoadingStatus } from '../../components/loading-status';
import { when } from './lib/figures';
import { NewReleaseToken } from './new-release-token';

/** Asks to confirm a token's revocation, then revokes it; the API's refusal is shown. */
function RevokeDialog({
  token,
  onClose,
  onDone,
}: {
  token: ReleaseToken;
  onClose: () => void;
  onDone: () => void;
}) {
  const askId = useId();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const revoke = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await api.releaseTokens.revoke(token.id);
      notify.success(`The token “${token.name}” is revoked.`);
      onDone();
      onClose();
    } catch (error) {
      setRefusal(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`Revoke the token “${token.name}”`}
      onClose={onClose}
      describedBy={askId}
      busy={busy}
      actions={
        <DialogButtons
          dismiss="Cancel"
          onDismiss={onClose}
          confirm="Revoke"
          onConfirm={() => void revoke()}
          busy={busy}
          busyLabel="Revoking…"
          danger
        />
      }
    >
      <p id={askId}>
        A pipeline that releases {token.remote} with it is refused from now on. This cannot be
        undone: make a new token to release again.
      </p>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
    </Modal>
  );
}

/**
 * The release tokens of the remotes the staff member's role may act on: each with its remote, who
 * made it and when, when it was last used; a new one made (its secret shown once); one revoked,
 * once confirmed. A pipeline sends one as `Authorization: Bearer` to the release endpoint, and
 * the history names it.
 */
export function ReleaseTokens() {
  const [revoking, setRevoking] = useState<ReleaseToken | null>(null);
  const read = useApiQuery({
    queryKey: ['release-tokens'],
    queryFn: ({ signal }) => api.releaseTokens.list({ signal }),
  });
  const changed = () => void read.refetch();

  const columns: Column<ReleaseToken>[] = [
    { header: 'Name', cell: (t) => t.name, lead: true },
    { header: 'Remote', cell: (t) => t.remote },
    { header: 'Token', cell: (t) => <code>{t.hint}…</code> },
    { header: 'Created', cell: (t) => `${when(t.createdAt)} by ${t.createdBy}` },
    { header: 'Last used', cell: (t) => (t.lastUsedAt ? when(t.lastUsedAt) : 'never') },
    {
      header: 'Status',
      cell: (t) =>
        t.revokedAt ? (
          `revoked ${when(t.revokedAt)}`
        ) : (
          <button
            type="button"
            className="btn btn-ghost"
            aria-label={`Revoke ${t.name}`}
            onClick={() => setRevoking(t)}
          >
            Revoke
          </button>
        ),
    },
  ];

  return (
    <section className="ac-console-tokens" aria-labelledby="ac-console-tokens">
      <h2 id="ac-console-tokens">Release tokens</h2>
      <p className="muted">
        A pipeline releases one remote with a token of its own, sent as{' '}
        <code>Authorization: Bearer</code> to the release endpoint: it may act on that remote
        only, and the history names it.
      </p>
      {read.isPending ? (
        <LoadingStatus label="Loading the release tokens" />
      ) : read.isError ? (
        <p role="alert">The release tokens cannot be read: {errorMessage(read.error)}</p>
      ) : (
        <>
          <NewReleaseToken remotes={read.data.remotes} onMade={changed} />
          {read.data.data.length === 0 ? (
            <p className="muted">No release token yet.</p>
          ) : (
            <DataTable
              caption="Release tokens, newest first"
              columns={columns}
              rows={read.data.data}
              rowKey={(t) => t.id}
            />
          )}
        </>
      )}
      {revoking && (
        <RevokeDialog token={revoking} onClose={() => setRevoking(null)} onDone={changed} />
      )}
    </section>
  );
}
