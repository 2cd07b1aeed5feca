/**
 * The validation rules (docs/product.md, Validation messages) as pure functions. Each returns the product's message, or null when
 * the input is valid. The forms show these messages and the API answers with the same ones.
 */
import {
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SEARCH_MIN_LENGTH,
} from './constants';
import { MESSAGES } from './messages';
import type { LoginPayload, ResetPasswordPayload, SignupPayload } from './types';

export type ValidationResult = string | null;

/** A simple {local}@{domain}.{tld} pattern without spaces, as the product asks. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: unknown): ValidationResult {
  if (typeof email === 'string' && hasForbiddenText(email)) {
    return disallowedCharactersMessage('Email');
  }
  return typeof email === 'string' && email.length <= 254 && EMAIL_PATTERN.test(email)
    ? null
    : MESSAGES.invalidEmail;
}

export function validatePassword(password: unknown): ValidationResult {
  return typeof password === 'string' &&
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH
    ? null
    : MESSAGES.passwordLength;
}

export function validatePasswordsMatch(password: unknown, confirm: unknown): ValidationResult {
  return password === confirm ? null : MESSAGES.passwordsDoNotMatch;
}

const firstError = (...results: ValidationResult[]): ValidationResult =>
  results.find((r) => r !== null) ?? null;

export const validateSignup = (p: Partial<SignupPayload>): ValidationResult =>
  firstError(
    validateEmail(p.Email),
    validatePassword(p.Password),
    validatePasswordsMatch(p.Password, p.ConfirmPassword),
  );

export const validateLogin = (p: Partial<LoginPayload>): ValidationResult =>
  firstError(validateEmail(p.Email), validatePassword(p.Password));

export const validateForgotPassword = (p: { Email?: unknown }): ValidationResult =>
  validateEmail(p.Email);

export const validateResetPassword = (p: Partial<ResetPasswordPayload>): ValidationResult =>
  firstError(validatePassword(p.Password), validatePasswordsMatch(p.Password, p.ConfirmPassword));

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The purchase check: a signed-in user id first, then a product id (two spaces in the message). */
export function validatePurchase(p: { userId?: unknown; productId?: unknown }): ValidationResult {
  if (isBlank(p.userId)) return MESSAGES.userIdRequired;
  if (isBlank(p.productId)) return MESSAGES.productIdRequired;
  return null;
}

/** The card path: both ids are required, with the card path's own message. */
export function validateCardPayment(p: {
  userId?: unknown;
  paymentMethodId?: unknown;
}): ValidationResult {
  return isBlank(p.userId) || isBlank(p.paymentMethodId) ? MESSAGES.cardIdsRequired : null;
}

/**
 * Edit-profile full name: letters and spaces only, other input ignored, at most 30 characters.
 * A letter's combining marks (a decomposed 'é', Devanagari vowel signs) belong to the letter.
 * Returns the kept value and the message to show ('Maximum 30 characters allowed' once it is 30).
 */
export function sanitizeFullName(input: string): { value: string; message: ValidationResult } {
  const value = input.replace(/[^\p{L}\p{M} ]/gu, '').slice(0, FULL_NAME_MAX_LENGTH);
  return { value, message: value.length >= FULL_NAME_MAX_LENGTH ? MESSAGES.fullNameMax : null };
}

/** Server-side check of a full name: the same rule, refusing instead of trimming. */
export function validateFullName(name: unknown): ValidationResult {
  if (typeof name !== 'string') return MESSAGES.fullNameMax;
  if (name.length > FULL_NAME_MAX_LENGTH) return MESSAGES.fullNameMax;
  return /^[\p{L}\p{M} ]*$/u.test(name) ? null : 'Full name may contain letters and spaces only';
}

/** Edit-profile new password: must match its confirmation (and obey the length rule). */
export function validateNewPassword(newPassword: string, confirm: string): ValidationResult {
  if (newPassword === '' && confirm === '') return null;
  return firstError(
    newPassword === confirm ? null : MESSAGES.newPasswordMismatch,
    validatePassword(newPassword),
  );
}

/** Live search runs only when the typed text is longer than 1 character. */
export const shouldSearch = (text: string): boolean => text.trim().length >= SEARCH_MIN_LENGTH;

/**
 * Control characters (C0 and DEL) never belong in what a person types. Tab, line feed and
 * carriage return are allowed only in multi-line text (a bio); elsewhere they are refused too.
 */
// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/* eslint-enable no-control-regex */

export function hasControlCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline === true ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).test(text);
}

/** A UTF-16 surrogate without its pair: not a character, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasLoneSurrogates = (text: string): boolean => LONE_SURROGATE.test(text);

/** The message for a field holding a control character or a broken character. */
const hasForbiddenText = (text: string, options: { multiline?: boolean } = {}): boolean =>
  hasControlCharacters(text, options) || hasLoneSurrogates(text);

export const disallowedCharactersMessage = (field: string): string =>
  `${field} contains characters that are not allowed`;

/**
 * Checks one text field for characters that are not allowed (controls, lone surrogates).
 * Returns the message naming the field, or null.
 */
export function validateTextCharacters(
  field: string,
  text: string,
  options: { multiline?: boolean } = {},
): ValidationResult {
  return hasForbiddenText(text, options) ? disallowedCharactersMessage(field) : null;
}
