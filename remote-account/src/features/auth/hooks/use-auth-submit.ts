import { errorMessage, notify, session, type AuthResponse } from '@hypertek/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * Submits a sign-up or sign-in: validates with the shared rule first (its message is toasted),
 * signs in on success, toasts, and redirects (SPEC §4 post-login redirects).
 */
export function useAuthSubmit(options: {
  validate: () => string | null;
  request: () => Promise<AuthResponse>;
  successMessage: string;
  failureMessage?: string;
  redirectTo: string;
  alsoSaveToken?: boolean;
}) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const problem = options.validate();
    if (problem) return notify.error(problem);
    setPending(true);
    try {
      const { user, token } = await options.request();
      session.signIn(user, token, { alsoSaveToken: options.alsoSaveToken });
      notify.success(options.successMessage);
      void navigate(options.redirectTo);
    } catch (error) {
      notify.error(errorMessage(error, options.failureMessage));
    } finally {
      setPending(false);
    }
  };
  return { submit, pending };
}
