import { useDialog } from '@hypertek/shared/dialog';
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import '../styles/base.css';

/**
 * An accessible dialog over the page (the base `.modal` classes): labelled by its title, with the
 * site's dialog behaviour (`useDialog`: focus in and back, Tab inside, Escape closes, the page
 * behind does not scroll); the backdrop closes it too.
 */
export function Modal({
  title,
  onClose,
  children,
  actions,
  focusKey,
}: {
  title: string;
  /** A dialog that shows steps under one title moves focus in again when this changes. */
  focusKey?: string;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialog(dialog, { onEscape: onClose, focusKey: focusKey ?? title });

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={dialog}
        className="modal ac-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="ac-modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="ac-icon-btn" aria-label="Close dialog" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
        <div className="modal-actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
