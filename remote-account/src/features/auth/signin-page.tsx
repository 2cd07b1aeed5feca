import { api, MESSAGES, validateLogin } from '@hypertek/shared';
import { useState } from 'react';
import { Link } from 'react-router';

import { PasswordField } from '../../components/password-field';
import { AuthForm } from './components/auth-form';
import { AuthShell } from './components/auth-shell';
import { EmailField } from './components/email-field';
import { SignInAlternatives } from './components/sign-in-alternatives';
import { useAuthSubmit } from './hooks/use-auth-submit';

/** /signin 'Welcome Back'. Success goes to /profile. */
export default function SigninPage() {
  const [Email, setEmail] = useState('');
  const [Password, setPassword] = useState('');
  const form = useAuthSubmit({
    validate: () => validateLogin({ Email, Password }),
    request: () => api.login({ Email, Password }),
    successMessage: MESSAGES.loginSuccess,
    redirectTo: '/profile',
  });

  return (
    <AuthShell
      title="Welcome Back"
      lead="Sign in to manage your collectibles, lands and listings."
      footer={
        <p className="muted">
          New to Hyper Tek? <Link to="/signup">Create an account</Link>
        </p>
      }
    >
      <AuthForm form={form} submitLabel="Sign In">
        <EmailField
          value={Email}
          onChange={setEmail}
          errorId={form.errorIdFor(MESSAGES.invalidEmail)}
        />
        <PasswordField
          label="Password"
          value={Password}
          onChange={setPassword}
          autoComplete="current-password"
          errorId={form.errorIdFor(MESSAGES.passwordLength)}
        />
        <Link to="/forgot-password" className="ac-forgot-link">
          Forgot password?
        </Link>
      </AuthForm>
      <SignInAlternatives googleFailureMessage={MESSAGES.googleLoginFailed} />
    </AuthShell>
  );
}
