import { api, MESSAGES, reportFunnelStep, validateSignup } from '@hypertek/shared';
import { useState } from 'react';
import { Link } from 'react-router';

import { AuthForm } from './components/auth-form';
import { AuthShell } from './components/auth-shell';
import { EmailField } from './components/email-field';
import { NewPasswordFields } from './components/new-password-fields';
import { SignInAlternatives } from './components/sign-in-alternatives';
import { useAuthSubmit } from './hooks/use-auth-submit';

/**
 * /signup 'Create Account'. Success goes to '/'. The funnel's steps (counted per version of this
 * remote): the first input in the form is `signup-started`, a sign-up that succeeded
 * `signup-completed`.
 */
export default function SignupPage() {
  const [Email, setEmail] = useState('');
  const [Password, setPassword] = useState('');
  const [ConfirmPassword, setConfirm] = useState('');
  const form = useAuthSubmit({
    validate: () => validateSignup({ Email, Password, ConfirmPassword }),
    request: () => api.signup({ Email, Password, ConfirmPassword }),
    successMessage: MESSAGES.signupSuccess,
    failureMessage: MESSAGES.signupFailed,
    redirectTo: '/',
    alsoSaveToken: true,
    onSuccess: () => reportFunnelStep('signup-completed'),
  });

  return (
    <AuthShell
      title="Create Account"
      lead="Join the pilots of 2117: collect, trade and build."
      footer={
        <p className="muted">
          Already a pilot? <Link to="/signin">Sign in</Link>
        </p>
      }
    >
      <AuthForm
        form={form}
        submitLabel="Sign Up"
        onInput={() => reportFunnelStep('signup-started')}
      >
        <EmailField
          value={Email}
          onChange={setEmail}
          errorId={form.errorIdFor(MESSAGES.invalidEmail)}
        />
        <NewPasswordFields
          form={form}
          passwordLabel="Password"
          password={Password}
          confirm={ConfirmPassword}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
      </AuthForm>
      <SignInAlternatives googleFailureMessage={MESSAGES.googleSignupFailed} />
    </AuthShell>
  );
}
