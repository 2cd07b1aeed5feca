import { MESSAGES, notify, session } from '@hypertek/shared';
import { useDialog } from '@hypertek/shared/dialog';
import { useRef } from 'react';
import { useNavigate } from 'react-router';

/** 'Confirm Logout' (SPEC §2, §4): Logout clears the session, toasts, and goes to /signin. */
export function LogoutDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialog(dialog, { onEscape: onClose, initialFocus: cancelRef });

  const logout = () => {
    session.signOut();
    onClose();
    notify.success(MESSAGES.loggedOut);
    void navigate('/signin');
  };

  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        ref={dialog}
        onKeyDown={onKeyDown}
        tabIndex={-1}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="logout-title"
        aria-describedby="logout-text"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="logout-title">Confirm Logout</h2>
        <p id="logout-text">Are you sure you want to log out?</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" ref={cancelRef} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={logout}>
            Logout
          </button>
        </div>
      </div>
    </div>
  );
}
