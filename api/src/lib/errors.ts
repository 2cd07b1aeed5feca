/**
 * Client mistakes as values: throw one of these and the error handler answers
 * `{ success: false, message }` with its status. Anything else thrown is a server fault (500).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** More fields for the answer (e.g. a payment's decline `code`); the route's schema lists them. */
    readonly details?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const unauthorized = (message: string): HttpError => new HttpError(401, message);
export const forbidden = (message: string): HttpError => new HttpError(403, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);
export const conflict = (message: string): HttpError => new HttpError(409, message);
/** An identity provider is down or answered nonsense: the caller can try again later. */
export const badGateway = (message: string): HttpError => new HttpError(502, message);
/** A feature that needs configuration this site does not have. */
export const serviceUnavailable = (message: string): HttpError => new HttpError(503, message);

/** Messages the API adds where the product has none. */
export const API_MESSAGES = {
  authRequired: 'User not authenticated.',
  tokenInvalid: 'Your session is invalid or has expired. Please sign in again.',
  forbiddenUser: 'You can only access your own account data',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  resetLinkInvalid: 'This password reset link is invalid, expired or already used',
  productNotFound: 'Product not found',
  itemNotFound: 'Item not found',
  emailReadOnly: 'Email cannot be changed',
  currentPasswordWrong: 'Current password is incorrect',
  currentPasswordRequired: 'Enter your current password to set a new one',
  noPasswordSet: 'This account has no password to change',
  avatarNotImage: 'Avatar must be a PNG, JPEG, GIF or WebP image',
  bioTooLong: 'Bio must be at most 500 characters',
  bodyTooLarge: 'Request body is too large',
  malformedForm: 'The form data is malformed or incomplete',
  formIncomplete: 'The form data is incomplete: the upload was cut off',
  oneFileOnly: 'Only one file can be uploaded',
  tooManyFields: 'The form has too many fields',
  fieldNameNotAllowed: 'The request has a field name that is not allowed (__proto__, constructor)',
  urlTooLong: 'The address is too long',
  urlNotValid: 'The address is not valid',
  lengthRequired: 'The form must be sent with its length (Content-Length)',
  formTooLarge: (bytes: number): string =>
    `The form is too large: at most ${Math.round((bytes / 1024 / 1024) * 10) / 10} MB in all`,
  malformedJson: 'Request body is not valid JSON',
  unsupportedMediaType: 'Unsupported content type',
  tooManyRequests: (after: string): string => `Too many attempts. Please try again in ${after}.`,
  serverError: 'Something went wrong',
  contention: 'Many people are acting on this item right now. Please try again in a moment.',
  metricsTokenRequired:
    'A valid metrics token is required: send Authorization: Bearer <METRICS_TOKEN>.',
} as const;

/** The words of the wallet, Google and Discord sign-ins (shared with the site by contract). */
export const SIGNIN_MESSAGES = {
  walletAddressInvalid: 'Wallet address is not valid',
  walletMessageInvalid: 'The sign-in message is not valid',
  walletOtherSite: 'This sign-in message is for another site.',
  walletOtherWallet: 'The sign-in message is for another wallet.',
  walletExpired: 'This sign-in message has expired. Please try again.',
  walletNonceUsed: 'This sign-in message was already used. Please try again.',
  walletSignatureMismatch: 'The signature does not match the wallet address.',
  walletNotConfigured: 'Wallet sign-in is not set up on this site.',
  googleNotConfigured: 'Google sign-in is not set up on this site.',
  googleTokenRequired: 'Google sign-in failed: no token was sent.',
  googleWrongAudience: 'Google sign-in failed: the token was not issued for this site.',
  googleTokenInvalid: 'Google sign-in failed: the token is invalid or expired.',
  googleUnreachable: 'Google is not reachable right now. Please try again.',
  googleEmailTaken: 'An account with this email already signs in with another Google account.',
  discordNotConfigured: 'Discord sign-in is not set up on this site.',
  discordCodeRequired: 'Discord login failed! No sign-in code was sent.',
  discordCodeInvalid: 'Discord login failed! The sign-in code is invalid or expired.',
  discordUnreachable: 'Discord is not reachable right now. Please try again.',
  discordEmailTaken: 'An account with this email already signs in with another Discord account.',
} as const;

/** The words of the release reports (`/releases/reports`; the host and operators read them). */
export const RELEASE_MESSAGES = {
  stageRequired: 'stage is required when the outcome is failed: load, render or integrity',
  releaseNotConfigured: 'The release endpoint is not configured: set RELEASE_TOKEN.',
  releaseTokenRequired:
    'A valid release token is required: send Authorization: Bearer <RELEASE_TOKEN>.',
} as const;

/** The words of staff roles and release tokens (`/releases/tokens`, `/releases/authorize`). */
export const STAFF_MESSAGES = {
  staffOnly: 'Only staff may manage release tokens: this account has no staff role.',
  staffOnlyRelease: 'Only staff may release: this account has no staff role.',
  staffOnlyFigures: "Only staff may read releases' field data: this account has no staff role.",
  /** A role asking for a remote outside its own, e.g. marketing for checkout. */
  roleMayNotActOn: (role: string, remotes: readonly string[], remote: string): string =>
    `The ${role} role may act on ${remotes.join(', ')} only, not on ${remote}.`,
  /** A token asking for a remote other than its own. */
  tokenMayNotActOn: (name: string, scope: string, remote: string): string =>
    `The release token "${name}" may act on ${scope} only, not on ${remote}.`,
  nameTaken: (remote: string, name: string): string =>
    `A live release token of ${remote} is named ${name} already: choose another name, or revoke it first.`,
  tokenNotFound: 'No release token has this id.',
  tokenRevokedAlready: 'This release token is revoked already.',
  nameInvalid:
    'name must be 1 to 60 characters: letters, digits, spaces, dots, underscores or dashes',
  idInvalid: 'The token id must be a UUID, as the list of tokens gives it',
  remoteRequired: 'remote is required for every action but status',
  bearerRequired: 'Send a release token or a staff sign-in token: Authorization: Bearer <token>.',
  bearerUnknown:
    'This bearer is not a valid release token or sign-in token (revoked, expired or wrong).',
} as const;
