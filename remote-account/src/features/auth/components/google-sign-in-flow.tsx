/**
 * Google's side of the Google sign-in, in a chunk of its own: the account page imports it on the
 * first click only, and only then does `GoogleOAuthProvider` add Google's script to the page.
 */
import { GoogleOAuthProvider, useGoogleLogin, useGoogleOAuth } from '@react-oauth/google';
import { useEffect, useRef } from 'react';

export interface GoogleSignInFlowProps {
  clientId: string;
  /** Google's script is ready: `open` opens Google's sign-in window (call it from a click). */
  onReady: (open: () => void) => void;
  /** The visitor signed in with Google: the access token for the API. */
  onToken: (accessToken: string) => void;
  /** Google's script could not load (offline, blocked). */
  onScriptError: () => void;
  /** Google answered with an error (the visitor refused, for one). */
  onFailure: () => void;
  /** The browser kept Google's window from opening (no recent click). */
  onBlocked: () => void;
  /** The visitor closed Google's window without signing in. */
  onClosed: () => void;
}

/** Opens Google's window as soon as the script is ready: the click that loaded it asked for it. */
function OpenWhenReady({
  onReady,
  onToken,
  onFailure,
  onBlocked,
  onClosed,
}: Omit<GoogleSignInFlowProps, 'clientId' | 'onScriptError'>) {
  // Implicit flow: Google gives the page an access token, which the API checks with Google.
  const open = useGoogleLogin({
    flow: 'implicit',
    onSuccess: (response) => onToken(response.access_token),
    onError: () => onFailure(),
    onNonOAuthError: ({ type }) => {
      if (type === 'popup_failed_to_open') onBlocked();
      else if (type === 'popup_closed') onClosed();
      else onFailure();
    },
  });
  const { scriptLoadedSuccessfully } = useGoogleOAuth();
  const opened = useRef(false);

  // After useGoogleLogin's own effect (declared first), which creates the token client.
  useEffect(() => {
    if (!scriptLoadedSuccessfully || opened.current) return;
    opened.current = true;
    onReady(open);
    // Still within the click's user activation in most browsers (a few seconds); where it has
    // run out, Google reports a blocked window and the button asks for a second click.
    open();
  }, [scriptLoadedSuccessfully, onReady, open]);

  return null;
}

export default function GoogleSignInFlow({
  clientId,
  onScriptError,
  ...events
}: GoogleSignInFlowProps) {
  return (
    <GoogleOAuthProvider clientId={clientId} onScriptLoadError={onScriptError}>
      <OpenWhenReady {...events} />
    </GoogleOAuthProvider>
  );
}
