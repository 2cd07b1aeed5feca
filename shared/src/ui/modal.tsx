import './modal.css';

import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

import { useDialog } from '@hypertek/shared/dialog';

/**
 * The site's one dialog: role=dialog labelled by its title (and described by its text when
 * `describedBy` names it), over a backdrop, with the dialog behaviour of `useDialog`: focus moves
 * in and back, Tab stays inside, Escape closes, the page behind does not scroll. The × button and
 * a press on the backdrop close it too, unless it asks for an answer (`dismissible={false}`).
 */
export function Modal({
  title,
  onClose,
  children,
  actions,
  initialFocus,
  focusKey,
  describedBy,
  dismissible = true,
  busy = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the foot of the dialog (see DialogButtons). */
  actions?: ReactNode;
  /** What takes focus when it opens (else the element with `data-autofocus`, else the first). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** A dialog that shows steps under one title moves focus in again when this changes. */
  focusKey?: string;
  /** The id of the element that says what the dialog asks. */
  describedBy?: string;
  /** False: no × button and the backdrop does nothing; only its buttons (or Escape) answer. */
  dismissible?: boolean;
  /** Its answer is on its way. */
  busy?: boolean;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialog(dialog, {
    onEscape: onClose,
    focusKey: focusKey ?? title,
    ...(initialFocus && { initialFocus }),
  });

  return createPortal(
    <div
      className="modal-backdrop ui-modal-backdrop"
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        onKeyDown={onKeyDown}
        className="modal ui-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        tabIndex={-1}
      >
        <div className="ui-modal-header">
          <h2 id={titleId}>{title}</h2>
          {dismissible && (
            <button
              type="button"
              className="ui-modal-close"
              aria-label="Close dialog"
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div className="ui-modal-body">{children}</div>
        {actions && <div className="modal-actions ui-modal-actions">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** The usual foot of a dialog: dismiss ('Cancel', 'Close'), then the primary action. */
export function DialogButtons({
  dismiss,
  onDismiss,
  confirm,
  onConfirm,
  busy = false,
  busyLabel = confirm,
  danger = false,
}: {
  dismiss: string;
  onDismiss: () => void;
  /** The primary action, focused when the dialog opens. */
  confirm: string;
  onConfirm: () => void;
  /** While true the primary action is disabled and shows `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
  /** The primary action ends something (Logout). */
  danger?: boolean;
}) {
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={onDismiss}>
        {dismiss}
      </button>
      <button
        type="button"
        className={danger ? 'btn btn-danger' : 'btn btn-primary'}
        data-autofocus
        onClick={onConfirm}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? busyLabel : confirm}
      </button>
    </>
  );
}
