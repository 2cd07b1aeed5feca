import '../styles/dialogs.css';

import { useDialog } from '@hypertek/shared/dialog';
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the foot of the dialog. */
  actions?: ReactNode;
}

/**
 * An accessible dialog: role=dialog labelled by its title, with the site's dialog behaviour
 * (`useDialog`: focus in and back, Tab inside, Escape closes, the page behind does not scroll);
 * the × button and a click on the backdrop close it too.
 */
export function Modal({ title, onClose, children, actions }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialog(dialog, { onEscape: onClose });

  return createPortal(
    <div
      className="modal-backdrop mp-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        onKeyDown={onKeyDown}
        className="modal mp-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="mp-modal-header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="mp-modal-close"
            aria-label="Close dialog"
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="mp-modal-body">{children}</div>
        {actions && <div className="modal-actions mp-modal-actions">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}

interface DialogButtonsProps {
  /** The ghost button that dismisses ('Cancel', 'Close'). */
  dismiss: string;
  onDismiss: () => void;
  /** The primary action, focused when the dialog opens. */
  confirm: string;
  onConfirm: () => void;
  /** While true the primary action is disabled and shows `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
}

/** The usual foot of a dialog: dismiss, then the primary action. */
export function DialogButtons({
  dismiss,
  onDismiss,
  confirm,
  onConfirm,
  busy = false,
  busyLabel = confirm,
}: DialogButtonsProps) {
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={onDismiss}>
        {dismiss}
      </button>
      <button
        type="button"
        className="btn btn-primary"
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
