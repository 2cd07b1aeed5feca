import { api, errorMessage, type ReleaseToken } from '@hypertek/shared';
import type { ReleaseTokenMadeAnswer } from '@hypertek/shared/contract';
import { useId, useState } from 'react';

import { CopyButton } from '../../components/copy-button';
import { FormError } from '../../components/form-error';

type Remote = ReleaseToken['remote'];
type Made = ReleaseTokenMadeAnswer['data'];

/** Its name in the release history: as the API takes it (letters, digits, space . _ -). */
const NAME_MAX_LENGTH = 60;

/**
 * A token just made: its secret, shown this once with a copy button and the warning that it will
 * not be shown again (the API keeps only its hash).
 */
function MadeToken({ token, onDone }: { token: Made; onDone: () => void }) {
  const headingId = useId();
  return (
    <section className="ac-console-secret" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Token “{token.name}” for {token.remote}
      </h3>
      <p className="ac-console-warning" role="alert">
        Copy it now: it will not be shown again. Only its hash is kept; if it is lost, revoke it
        and make another.
      </p>
      <p>
        <code className="ac-console-secret-value" aria-label="The token's secret">
          {token.secret}
        </code>
      </p>
      <div className="ac-console-actions">
        <CopyButton
          text={token.secret}
          label="Copy the token"
          copiedStatus="The token is copied to the clipboard"
        />
        <button type="button" className="btn btn-primary" onClick={onDone}>
          I have copied it
        </button>
      </div>
    </section>
  );
}

/**
 * Makes a release token: a name and one of the remotes the staff member's role may act on. The
 * API's refusals (a name it does not take, a remote not theirs, a name taken) are shown in its
 * words; the secret made is shown once.
 */
export function NewReleaseToken({
  remotes,
  onMade,
}: {
  remotes: readonly Remote[];
  onMade: () => void;
}) {
  const ids = { name: useId(), remote: useId(), error: useId() };
  const [name, setName] = useState('');
  const [remote, setRemote] = useState<Remote | ''>(remotes[0] ?? '');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [made, setMade] = useState<Made | null>(null);
  const chosen = remote !== '' && remotes.includes(remote) ? remote : (remotes[0] ?? '');

  const submit = async () => {
    if (name.trim() === '') return setRefusal('Name the token (e.g. checkout-ci).');
    if (chosen === '') return setRefusal('Your role may not act on any remote.');
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await api.releaseTokens.create({ name: name.trim(), remote: chosen });
      setMade(answer.data);
      setName('');
      onMade();
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (made) return <MadeToken token={made} onDone={() => setMade(null)} />;
  return (
    <form
      className="form ac-console-token-form"
      aria-label="Make a release token"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <div className="field">
        <label htmlFor={ids.name}>Name (shown in the release history)</label>
        <input
          id={ids.name}
          value={name}
          maxLength={NAME_MAX_LENGTH}
          placeholder="checkout-ci"
          aria-describedby={ids.error}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.remote}>Remote</label>
        <select
          id={ids.remote}
          value={chosen}
          onChange={(event) => setRemote(event.target.value as Remote)}
        >
          {remotes.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <FormError id={ids.error} message={refusal} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Making the token…' : 'Make the token'}
      </button>
    </form>
  );
}
