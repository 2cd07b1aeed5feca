import { api, MESSAGES, validateSignup } from '@hypertek/shared';
import { useState } from 'react';
import { Link } from 'react-router';

import { FullScreenSpinner } from './components/full-screen-spinner';
import { PasswordField } from './components/password-field';
import { useAuthSubmit } from './hooks/use-auth-submit';

/** /signup 'Create Account' (SPEC §2). Success goes to '/'. */
export default function SignupPage() {
  const [Email, setEmail] = useState('');
  const [Password, setPassword] = useState('');
  const [ConfirmPassword, setConfirm] = useState('');
  const { submit, pending } = useAuthSubmit({
    validate: () => validateSignup({ Email, Password, ConfirmPassword }),
    request: () => api.signup({ Email, Password, ConfirmPassword }),
    successMessage: MESSAGES.signupSuccess,
    failureMessage: MESSAGES.signupFailed,
    redirectTo: '/',
    alsoSaveToken: true,
  });

  return (
    <section className="card auth-card">
      <h1>Create Account</h1>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label htmlFor="signup-email">Email</label>
          <input
            id="signup-email"
            type="email"
            autoComplete="email"
            value={Email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <PasswordField
          label="Password"
          value={Password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <PasswordField
          label="Confirm Password"
          value={ConfirmPassword}
          onChange={setConfirm}
          autoComplete="new-password"
        />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          Sign Up
        </button>
      </form>
      <p className="muted">
        Already a pilot? <Link to="/signin">Sign in</Link>
      </p>
      {pending && <FullScreenSpinner />}
    </section>
  );
}
