import { MESSAGES, notify, session } from '@hypertek/shared';
import { Modal } from '@hypertek/shared/ui';
import { useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * 'Confirm Logout': Cancel (focused first) keeps the session; Logout clears it, says so in a
 * toast, and goes to /signin.
 */
export function LogoutDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const cancelRef = useRef<HTMLButtonElement>(null);

  const logout = () => {
    session.signOut();
    onClose();
    notify.success(MESSAGES.loggedOut);
    void navigate('/signin');
  };

  return (
    <Modal
      title="Confirm Logout"
      onClose={onClose}
      initialFocus={cancelRef}
      describedBy="logout-text"
      actions={
        <>
          <button type="button" className="btn btn-ghost" ref={cancelRef} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={logout}>
            Logout
          </button>
        </>
      }
    >
      <p id="logout-text">Are you sure you want to log out?</p>
    </Modal>
  );
}
