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

/** Messages the API adds where the spec has none. */
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
  malformedJson: 'Request body is not valid JSON',
  unsupportedMediaType: 'Unsupported content type',
  tooManyRequests: (after: string): string => `Too many attempts. Please try again in ${after}.`,
  serverError: 'Something went wrong',
} as const;
