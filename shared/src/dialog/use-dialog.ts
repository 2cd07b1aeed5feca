/**
 * `@hypertek/shared/dialog`: the behaviour every modal dialog of the site shares, whatever it looks
 * like (each app keeps its markup and styles):
 * - focus moves in when it opens: to `initialFocus`, else the element marked `data-autofocus`, else
 *   the first focusable element, else the dialog itself; again when `focusKey` changes (a dialog
 *   that shows steps under one title);
 * - Tab and Shift+Tab stay inside;
 * - Escape calls `onEscape` (close, or whatever closing means for that dialog);
 * - the page behind does not scroll while it is open;
 * - focus goes back to what opened it once it closes.
 * Give the dialog element `ref` (with `tabIndex={-1}`) and the returned `onKeyDown`.
 */
import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

export interface DialogOptions {
  /** What Escape does. */
  onEscape: () => void;
  /** The element to focus when the dialog opens (default: see above). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Focus moves in again when this changes. */
  focusKey?: unknown;
}

export function useDialog(
  ref: RefObject<HTMLElement | null>,
  { onEscape, initialFocus, focusKey }: DialogOptions,
): (event: KeyboardEvent) => void {
  // Opened: the page stops scrolling; closed: it scrolls again and the opener has the focus back.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const target =
      initialFocus?.current ??
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog;
    target.focus();
  }, [ref, focusKey, initialFocus]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape();
      return;
    }
    const dialog = ref.current;
    if (event.key !== 'Tab' || !dialog) return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault(); // nothing to move to: the focus stays on the dialog
    } else if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === dialog)
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return onKeyDown;
}
