import { MESSAGES } from '@hypertek/shared';

import { PasswordField } from '../../../components/password-field';
import type { FormSubmit } from '../../../hooks/use-form-submit';

/** A new password and its 'Confirm Password' (sign-up and reset), linked to the form's error. */
export function NewPasswordFields({
  form,
  passwordLabel,
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  form: FormSubmit;
  passwordLabel: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  return (
    <>
      <PasswordField
        label={passwordLabel}
        value={password}
        onChange={onPassword}
        autoComplete="new-password"
        errorId={form.errorIdFor(MESSAGES.passwordLength)}
      />
      <PasswordField
        label="Confirm Password"
        value={confirm}
        onChange={onConfirm}
        autoComplete="new-password"
        errorId={form.errorIdFor(MESSAGES.passwordsDoNotMatch)}
      />
    </>
  );
}
