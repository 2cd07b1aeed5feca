import { useDialog } from '@hypertek/shared/dialog';
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';

import { formatUsd } from '../../../lib/format-usd';

/**
 * The bank's authentication step with the sandbox, as Stripe's 3D Secure test page plays it: the
 * buyer completes or fails it. A modal dialog: labelled by its title, focus moves in (and back
 * when it closes), Tab stays inside, Escape fails the authentication as closing Stripe's window
 * does. Clicking beside it does nothing, so an outcome is never chosen by accident.
 */
export function AuthenticationDialog({
  amount,
  busy,
  onComplete,
  onFail,
}: {
  amount: number;
  /** The outcome is on its way to the provider: the buttons wait. */
  busy: boolean;
  onComplete: () => void;
  onFail: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const complete = useRef<HTMLButtonElement>(null);
  // Escape fails the authentication, as closing the bank's window does (not while it is on its way).
  const dialog = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialog(dialog, {
    onEscape: () => !busy && onFail(),
    initialFocus: complete,
  });

  return createPortal(
    <div className="modal-backdrop co-auth">
      <div
        ref={dialog}
        className="modal co-auth__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        aria-busy={busy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <p className="co-eyebrow">Test mode · 3D Secure</p>
        <h2 id={titleId} className="co-auth__title">
          Confirm this payment
        </h2>
        <p id={textId}>
          Your bank asks you to confirm the payment of <strong>{formatUsd(amount)}</strong> to Hyper
          Tek. In test mode this window stands in for your bank: choose how the check ends.
        </p>
        <div className="modal-actions co-auth__actions">
          <button
            ref={complete}
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={onComplete}
          >
            Complete authentication
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onFail}>
            Fail authentication
          </button>
        </div>
        <p className="co-fine-print muted">
          {busy ? 'Sending your answer to the bank…' : 'Escape fails the authentication.'}
        </p>
      </div>
    </div>,
    document.body,
  );
}
