import { formatPrice } from '@hypertek/shared';
import { Modal } from '@hypertek/shared/ui';
import { useId, useRef } from 'react';

/**
 * The bank's authentication step with the sandbox, as Stripe's 3D Secure test page plays it: the
 * buyer completes or fails it. The site's Modal: Escape fails the authentication as closing
 * Stripe's window does; it has no × and clicking beside it does nothing, so an outcome is never
 * chosen by accident.
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
  const textId = useId();
  const complete = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title="Confirm this payment"
      // Escape fails the authentication, as closing the bank's window does (not while it is on its way).
      onClose={() => !busy && onFail()}
      dismissible={false}
      busy={busy}
      initialFocus={complete}
      describedBy={textId}
      actions={
        <>
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
        </>
      }
    >
      <p className="eyebrow">Test mode · 3D Secure</p>
      <p id={textId}>
        Your bank asks you to confirm the payment of <strong>{formatPrice(amount)}</strong> to Hyper
        Tek. In test mode this window stands in for your bank: choose how the check ends.
      </p>
      <p className="co-fine-print muted">
        {busy ? 'Sending your answer to the bank…' : 'Escape fails the authentication.'}
      </p>
    </Modal>
  );
}
