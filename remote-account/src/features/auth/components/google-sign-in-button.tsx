import { api, errorMessage, getRuntimeConfig, MESSAGES, notify, session } from '@hypertek/shared';
import { useCallback, useRef, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';

import { GOOGLE_NOT_CONFIGURED } from '../lib/sign-in-texts';
import type { GoogleSignInFlowProps } from './google-sign-in-flow';
import { AlternativeButton } from './alternative-button';
import { GoogleIcon } from './provider-icons';

/**
 * Where the Google sign-in is:
 * - idle: nothing of Google's is on the page;
 * - loading: its code and script load after the first click, then its window opens by itself;
 * - open: its window is open (a click opens it again);
 * - blocked: the browser kept the window from opening, a second click opens it;
 * - signing-in: the API checks Google's token.
 */
type Phase = 'idle' | 'loading' | 'open' | 'blocked' | 'signing-in';

const LABELS: Record<Phase, string> = {
  idle: 'Continue with Google',
  loading: 'Loading Google…',
  open: 'Continue with Google',
  blocked: 'Continue with Google',
  'signing-in': 'Signing in…',
};
const NOTES: Partial<Record<Phase, string>> = {
  open: "Finish in Google's window.",
  blocked: "Google is ready: click again to open Google's sign-in window.",
};

/**
 * 'Continue with Google' (`@react-oauth/google`, client id from the runtime config). Google's
 * script is added only when the visitor clicks, and the same click opens Google's window when the
 * browser allows it. The API turns Google's access token into a session; success goes to
 * /profile. Without a client id the button says Google sign-in is not set up here.
 */
export function GoogleSignInButton({ failureMessage }: { failureMessage: string }) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('idle');
  const [Flow, setFlow] = useState<ComponentType<GoogleSignInFlowProps> | null>(null);
  const openGoogle = useRef<(() => void) | null>(null);
  const clientId = getRuntimeConfig().googleClientId.trim();

  const fail = useCallback(
    (error?: unknown) => {
      notify.error(errorMessage(error, failureMessage));
      setPhase('idle');
    },
    [failureMessage],
  );
  const onReady = useCallback((open: () => void) => {
    openGoogle.current = open;
    setPhase('open');
  }, []);
  const onToken = useCallback(
    (accessToken: string) => {
      setPhase('signing-in');
      api
        .google(accessToken)
        .then(({ user, token }) => {
          session.signIn(user, token);
          notify.success(MESSAGES.googleSuccess);
          void navigate('/profile');
        })
        .catch(fail);
    },
    [fail, navigate],
  );
  const onScriptError = useCallback(() => {
    // Google's script did not load (offline, blocked): the next click starts over.
    setFlow(null);
    openGoogle.current = null;
    fail();
  }, [fail]);
  const onBlocked = useCallback(() => setPhase('blocked'), []);
  const onClosed = useCallback(() => setPhase('idle'), []);

  if (!clientId) {
    return (
      <AlternativeButton
        icon={<GoogleIcon />}
        label="Continue with Google"
        note={GOOGLE_NOT_CONFIGURED}
        disabled
      />
    );
  }

  const click = () => {
    if (openGoogle.current) {
      // Google's script is here: open its window within this click.
      setPhase('open');
      openGoogle.current();
      return;
    }
    setPhase('loading');
    import('./google-sign-in-flow')
      .then(({ default: GoogleSignInFlow }) => setFlow(() => GoogleSignInFlow))
      .catch(() => fail());
  };

  return (
    <>
      <AlternativeButton
        icon={<GoogleIcon />}
        label={LABELS[phase]}
        note={NOTES[phase]}
        busy={phase === 'loading' || phase === 'signing-in'}
        onClick={click}
      />
      {Flow && (
        <Flow
          clientId={clientId}
          onReady={onReady}
          onToken={onToken}
          onScriptError={onScriptError}
          onFailure={fail}
          onBlocked={onBlocked}
          onClosed={onClosed}
        />
      )}
    </>
  );
}
