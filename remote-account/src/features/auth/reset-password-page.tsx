import { api, MESSAGES, notify, validateResetPassword } from '@hypertek/shared';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { useFormSubmit } from '../../hooks/use-form-submit';
import { AuthForm } from './components/auth-form';
import { AuthShell } from './components/auth-shell';
import { NewPasswordFields } from './components/new-password-fields';

/**
 * /reset-password/:token 'Reset Password': the link of the reset email. Success goes to
 * /signin; a failure shows the server's message, else 'Reset password failed'.
 */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [Password, setPassword] = useState('');
  const [ConfirmPassword, setConfirm] = useState('');
  const form = useFormSubmit({
    validate: () => validateResetPassword({ Password, ConfirmPassword }),
    request: () => api.resetPassword(token, { Password, ConfirmPassword }),
    failureMessage: MESSAGES.resetFailed,
    onSuccess: () => {
      notify.success(MESSAGES.resetSuccess);
      void navigate('/signin');
    },
  });

  return (
    <AuthShell
      title="Reset Password"
      lead="Choose a new password: 8 to 20 characters."
      footer={
        <p className="muted">
          Remembered it? <Link to="/signin">Back to login</Link>
        </p>
      }
    >
      <AuthForm form={form} submitLabel="Reset Password">
        <NewPasswordFields
          form={form}
          passwordLabel="New Password"
          password={Password}
          confirm={ConfirmPassword}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
      </AuthForm>
    </AuthShell>
  );
}
