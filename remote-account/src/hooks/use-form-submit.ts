import { errorMessage, notify } from '@hypertek/shared';
import { useId, useState } from 'react';

/**
 * The submit of every form of this remote: validate with the shared rule (its message is toasted,
 * as the product's error toasts are, and kept in `error` for the form to show beside the fields), send, then `onSuccess`;
 * a failed request toasts the server's message, else `failureMessage` ('Something went wrong').
 * `pending` is true while the request is in flight (the full-screen spinner).
 * `errorIdFor(...messages)` gives the id of the error element to a field when the current error
 * is one of that field's messages (`aria-describedby`), else undefined.
 */
export function useFormSubmit<T>(options: {
  validate: () => string | null;
  request: () => Promise<T>;
  onSuccess: (result: T) => void;
  failureMessage?: string;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const errorIdFor = (...messages: string[]) =>
    error !== null && messages.includes(error) ? errorId : undefined;

  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };

  const submit = async () => {
    if (pending) return;
    const problem = options.validate();
    if (problem) return fail(problem);
    setError(null);
    setPending(true);
    let result: T;
    try {
      result = await options.request();
    } catch (failure) {
      return fail(errorMessage(failure, options.failureMessage));
    } finally {
      setPending(false);
    }
    // Outside the try: a failure of what follows success is a bug, not a failed request.
    options.onSuccess(result);
  };
  return { submit, pending, error, errorId, errorIdFor };
}

export type FormSubmit = ReturnType<typeof useFormSubmit>;
