import { notify } from '@hypertek/shared';
import { DialogButtons, Modal } from '@hypertek/shared/ui';
import { useId, useState } from 'react';

import { releaseEndpoint, type ActionAnswer, type ReleaseAction } from './lib/release-endpoint';

export type ActionName = ReleaseAction['action'];

const TITLES: Record<ActionName, string> = {
  preview: 'Make a preview link',
  canary: 'Start or change a canary',
  promote: 'Promote to live',
  rollback: 'Roll back',
};

const CONFIRMS: Record<ActionName, string> = {
  preview: 'Make the link',
  canary: 'Start the canary',
  promote: 'Promote',
  rollback: 'Roll back',
};

/** A labelled whole number from 1 to `max` (a canary's share, a preview's minutes). */
function WholeNumberField({
  label,
  max,
  value,
  onChange,
}: {
  label: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * One release action, asked and confirmed in a dialog, then sent to the host's release endpoint
 * with the staff member's sign-in: the server records their name. A refusal (another team's
 * remote: 403; not published, live already, the compatibility gate: 409) is shown in the server's
 * words; a preview's link is shown once made.
 */
export function ReleaseActionDialog({
  action,
  remote,
  versions,
  live,
  canary,
  onClose,
  onDone,
}: {
  action: ActionName;
  remote: string;
  /** The published versions, newest first. */
  versions: readonly string[];
  live: string | null;
  canary: { version: string; percent: number } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const ids = {
    version: useId(),
    percent: useId(),
    minutes: useId(),
    reason: useId(),
    ask: useId(),
  };
  const choosable = action === 'preview' ? versions : versions.filter((v) => v !== live);
  const [version, setVersion] = useState(
    action === 'canary' && canary ? canary.version : (choosable[0] ?? ''),
  );
  const [share, setShare] = useState(String(canary?.percent ?? 10));
  const [minutes, setMinutes] = useState('60');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [made, setMade] = useState<ActionAnswer | null>(null);

  const needsVersion = action !== 'rollback';
  const request = (): ReleaseAction | string => {
    if (needsVersion && version === '') return 'Choose a published version.';
    if (action === 'preview') {
      const span = Number(minutes);
      if (!Number.isInteger(span) || span < 1 || span > 10_080)
        return 'A preview lasts 1 to 10080 minutes (a week).';
      return { action, remote, version, minutes: span };
    }
    if (action === 'canary') {
      const value = Number(share);
      if (!Number.isInteger(value) || value < 1 || value > 99)
        return "A canary's share is a whole percent from 1 to 99.";
      return { action, remote, version, percent: value };
    }
    if (action === 'promote') return { action, remote, version };
    return { action, remote, ...(reason.trim() && { reason: reason.trim() }) };
  };

  const confirm = async () => {
    const asked = request();
    if (typeof asked === 'string') {
      setRefusal(asked);
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await releaseEndpoint.act(asked);
      onDone();
      if (asked.action === 'preview') {
        setMade(answer);
      } else {
        notify.success(`${TITLES[action]}: ${remote} done, recorded with your name.`);
        onClose();
      }
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const question =
    action === 'rollback'
      ? canary
        ? `End the canary of ${remote} ${canary.version}: its visitors go back to ${live ?? 'the build served in place'}.`
        : `Put the release live before ${live ?? 'none'} back for every visitor of ${remote}.`
      : action === 'promote'
        ? `Every visitor of ${remote} gets the chosen version on their next page load.`
        : action === 'canary'
          ? `A share of ${remote}'s visitors gets the chosen version; each keeps their side.`
          : `A link that loads the chosen version of ${remote} in the browser that opens it, and nowhere else.`;

  if (made?.link) {
    return (
      <Modal
        title="Preview link"
        onClose={onClose}
        actions={
          <button type="button" className="btn btn-primary" data-autofocus onClick={onClose}>
            Done
          </button>
        }
      >
        <p>
          Open it in your browser (until {made.expires ?? 'it expires'}); every other visitor keeps
          the live release.
        </p>
        <p>
          <a href={made.link} className="ac-console-link">
            {made.link}
          </a>
        </p>
      </Modal>
    );
  }

  return (
    <Modal
      title={`${TITLES[action]}: ${remote}`}
      onClose={onClose}
      describedBy={ids.ask}
      busy={busy}
      actions={
        <DialogButtons
          dismiss="Cancel"
          onDismiss={onClose}
          confirm={CONFIRMS[action]}
          onConfirm={() => void confirm()}
          busy={busy}
          busyLabel="Sending…"
          danger={action === 'rollback'}
        />
      }
    >
      <p id={ids.ask}>{question}</p>
      <div className="form">
        {needsVersion && (
          <div className="field">
            <label htmlFor={ids.version}>Version</label>
            <select
              id={ids.version}
              value={version}
              onChange={(event) => setVersion(event.target.value)}
            >
              {choosable.length === 0 && <option value="">No published version</option>}
              {choosable.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </div>
        )}
        {action === 'canary' && (
          <WholeNumberField
            label="Share of visitors (%)"
            max={99}
            value={share}
            onChange={setShare}
          />
        )}
        {action === 'preview' && (
          <WholeNumberField
            label="Valid for (minutes)"
            max={10_080}
            value={minutes}
            onChange={setMinutes}
          />
        )}
        {action === 'rollback' && (
          <div className="field">
            <label htmlFor={ids.reason}>Reason (kept in the history)</label>
            <input
              id={ids.reason}
              maxLength={300}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
        )}
      </div>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
    </Modal>
  );
}
