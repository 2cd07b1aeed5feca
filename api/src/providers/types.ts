/** What the sign-in routes learn from Google or Discord about the person signing in. */
export interface ProviderIdentity {
  /** The provider's stable id of the person (Google's `sub`, Discord's user id). */
  subject: string;
  email: string | null;
  /** The provider vouches that the person owns `email`. */
  emailVerified: boolean;
  /** A display name, possibly empty. */
  name: string;
}

/** Where a provider reports why it gave up (never with a token or a code in it). */
export interface ProviderLog {
  warn(details: object, message: string): void;
}
