import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import '../styles/base.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * An accessible dialog over the page (the base `.modal` classes): labelled by its title, focus
 * moves in on open and back to the opener on close, Tab stays inside, Escape and the backdrop
 * close it.
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
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  // Focus goes back to what opened the dialog once it closes…
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => opener?.focus();
  }, []);
  // …and into the dialog when it opens or shows another step.
  const step = focusKey ?? title;
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [step]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') return close.current();
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

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
