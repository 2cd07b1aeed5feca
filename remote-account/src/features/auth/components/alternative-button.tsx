import { useId, type ReactNode } from 'react';

/**
 * One of the other ways in (wallet, Google, Discord): a full-width button with the provider's
 * mark, and a visible note under it when there is something to say (not set up on this site,
 * click again). The note also describes the button for assistive technology.
 */
export function AlternativeButton({
  icon,
  label,
  note,
  busy = false,
  disabled = false,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  note?: string | null;
  /** Working (the wallet or the provider has the visitor's attention): the button waits. */
  busy?: boolean;
  disabled?: boolean;
  onClick?: () => void;
}) {
  const noteId = useId();
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost ac-alternative"
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        aria-describedby={note ? noteId : undefined}
        onClick={onClick}
      >
        {icon}
        <span>{label}</span>
        {busy && <span className="spinner ac-alternative-spinner" aria-hidden="true" />}
      </button>
      {note && (
        <p id={noteId} className="ac-alternative-note" aria-live="polite">
          {note}
        </p>
      )}
    </>
  );
}
