import { api, MESSAGES, validateLogin } from '@hypertek/shared';
import { useState } from 'react';
import { Link } from 'react-router';

import { FullScreenSpinner } from './components/full-screen-spinner';
import { PasswordField } from './components/password-field';
import { useAuthSubmit } from './hooks/use-auth-submit';

/** /signin 'Welcome Back' (SPEC §2). Success goes to /profile. */
export default function SigninPage() {
  const [Email, setEmail] = useState('');
  const [Password, setPassword] = useState('');
  const { submit, pending } = useAuthSubmit({
    validate: () => validateLogin({ Email, Password }),
    request: () => api.login({ Email, Password }),
    successMessage: MESSAGES.loginSuccess,
    redirectTo: '/profile',
  });

  return (
    <section className="card auth-card">
      <h1>Welcome Back</h1>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label htmlFor="signin-email">Email</label>
          <input
            id="signin-email"
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
          autoComplete="current-password"
        />
        <Link to="/forgot-password">Forgot password?</Link>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          Sign In
        </button>
      </form>
      <p className="muted">
        New to Hyper Tek? <Link to="/signup">Create an account</Link>
      </p>
      {pending && <FullScreenSpinner />}
    </section>
  );
}
