import { api, MESSAGES, notify, validateForgotPassword } from '@hypertek/shared';
import { useState } from 'react';
import { Link } from 'react-router';

import { useFormSubmit } from '../../hooks/use-form-submit';
import { AuthForm } from './components/auth-form';
import { AuthShell } from './components/auth-shell';
import { EmailField } from './components/email-field';

/**
 * /forgot-password 'Forgotten Password': asks the API to email a reset link. A failure
 * shows the server's message, else 'Something went wrong'.
 */
export default function ForgotPasswordPage() {
  const [Email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const form = useFormSubmit({
    validate: () => validateForgotPassword({ Email }),
    request: () => api.forgotPassword({ Email }),
    onSuccess: () => {
      setSent(true);
      notify.success(MESSAGES.resetEmailSent);
    },
  });

  return (
    <AuthShell
      title="Forgotten Password"
      lead="Enter the email of your account and we will send you a link to choose a new password."
      footer={
        <p className="muted">
          <Link to="/signin">← Back to login</Link>
        </p>
      }
    >
      <AuthForm form={form} submitLabel="Send">
        <EmailField
          value={Email}
          onChange={(value) => {
            setEmail(value);
            setSent(false);
          }}
          errorId={form.errorIdFor(MESSAGES.invalidEmail)}
        />
        {sent && (
          <p className="ac-form-note" role="status">
            {MESSAGES.resetEmailSent}
          </p>
        )}
      </AuthForm>
    </AuthShell>
  );
}
