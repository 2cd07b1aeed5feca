import '../styles/dialogs.css';

import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the foot of the dialog. */
  actions?: ReactNode;
}

/**
 * An accessible dialog: role=dialog labelled by its title, focus moves in (to the element marked
 * `data-autofocus`, else the dialog) and back to where it was on close, Tab stays inside, Escape,
 * the × button and a click on the backdrop close it; the page behind does not scroll meanwhile.
 */
export function Modal({ title, onClose, children, actions }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = dialog.current;
    (node?.querySelector<HTMLElement>('[data-autofocus]') ?? node)?.focus();
    // The page behind does not scroll while a dialog is open.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab' && node) {
        const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  return createPortal(
    <div
      className="modal-backdrop mp-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
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
