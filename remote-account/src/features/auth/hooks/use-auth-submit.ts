import { MESSAGES, notify, session, type AuthResponse } from '@hypertek/shared';
import { useNavigate } from 'react-router';

import { useFormSubmit } from '../../../hooks/use-form-submit';

/**
 * Submits a sign-up or sign-in: validates with the shared rule first (its message is toasted),
 * signs in on success, toasts, and redirects.
 */
export function useAuthSubmit(options: {
  validate: () => string | null;
  request: () => Promise<AuthResponse>;
  successMessage: string;
  failureMessage?: string;
  redirectTo: string;
  alsoSaveToken?: boolean;
  /** After a success, before the redirect. */
  onSuccess?: () => void;
}) {
  const navigate = useNavigate();
  return useFormSubmit({
    validate: options.validate,
    request: options.request,
    failureMessage: options.failureMessage ?? MESSAGES.somethingWentWrong,
    onSuccess: ({ user, token }) => {
      session.signIn(user, token, { alsoSaveToken: options.alsoSaveToken });
      options.onSuccess?.();
      notify.success(options.successMessage);
      void navigate(options.redirectTo);
    },
  });
}
