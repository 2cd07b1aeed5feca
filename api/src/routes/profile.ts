/**
 * getProfile and PUT profile (multipart: FullName, Email read-only, Bio, Password + NewPassword,
 * optional Avatar). Avatars are checked by their bytes, stored under a generated name and served
 * back from /api/v1/uploads/<name>. A password change revokes older tokens and returns a new one.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MESSAGES,
  validateFullName,
  validateNewPassword,
  validatePassword,
} from '@hypertek/shared/contract';
import type { Config } from '../config/env';
import multipart from '../plugins/external/multipart';
import { API_MESSAGES, badRequest, HttpError } from '../lib/errors';
import { detectImageType } from '../lib/image-type';
import { reencodeImage } from '../lib/reencode-image';
import { hashPassword, verifyPassword } from '../lib/password';
import { toPublicUser, type UserRow } from '../repositories/users-repository';
import { bearer, errors, UserSchema } from './schemas';

export const UPLOADS_PATH = '/api/v1/uploads/';
const BIO_MAX_LENGTH = 500;

const text = (description: string) => Type.Optional(Type.String({ maxLength: 1000, description }));

const ProfileForm = Type.Object({
  FullName: text('Letters and spaces, at most 30'),
  Email: text('Read-only: must equal the account email when sent'),
  Bio: text('At most 500 characters'),
  Password: text('Current password (to set a new one)'),
  NewPassword: text('New password, 8 to 20 characters'),
  ConfirmPassword: text('Confirmation of the new password (optional)'),
  ConfirmNewPassword: text('Confirmation of the new password (optional)'),
  Avatar: Type.Optional(
    Type.Unknown({ description: 'Image file (PNG, JPEG, GIF, WebP), checked by its bytes' }),
  ),
});

/** Only checks that need no database: names and lengths, with the product's words. */
function validateProfileForm(body: Record<string, unknown>): string | null {
  const str = (key: string): string | undefined =>
    typeof body[key] === 'string' ? body[key] : undefined;
  const fullName = str('FullName');
  if (fullName !== undefined) {
    const message = validateFullName(fullName.trim());
    if (message !== null) return message;
  }
  if ((str('Bio') ?? '').length > BIO_MAX_LENGTH) return API_MESSAGES.bioTooLong;
  const newPassword = str('NewPassword') ?? '';
  if (newPassword !== '') {
    const confirm = str('ConfirmNewPassword') ?? str('ConfirmPassword');
    if (confirm !== undefined) return validateNewPassword(newPassword, confirm);
    return validatePassword(newPassword);
  }
  return null;
}

/** Room for the form's text fields and part headers, on top of the largest avatar. */
export const PROFILE_FORM_OVERHEAD_BYTES = 64 * 1024;

const profileRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (fastify, opts) => {
  const { uploadsDir } = opts.config;
  const formMaxBytes = opts.config.avatarMaxBytes + PROFILE_FORM_OVERHEAD_BYTES;
  // Multipart parsing only where it is used: its hooks stay off every other route.
  await fastify.register(multipart, opts);

  /** The caller of PUT /profile, known before its body is read. */
  const callers = new WeakMap<object, UserRow>();
  /** Requests whose form was read whole (an error after this is not the form's fault). */
  const parsed = new WeakSet<object>();

  // The multipart parser throws plain errors (no status) on a malformed or cut-off form: they are
  // the caller's mistake. Rethrown, they reach the app's error handler with a status and words.
  fastify.setErrorHandler((error, request) => {
    const hasStatus = typeof (error as { statusCode?: unknown }).statusCode === 'number';
    if (
      !hasStatus &&
      !parsed.has(request) &&
      request.headers['content-type']?.toLowerCase().startsWith('multipart/') === true
    ) {
      request.log.info({ message: (error as Error).message }, 'malformed multipart form');
      throw badRequest(API_MESSAGES.malformedForm);
    }
    throw error;
  });

  fastify.get(
    '/getProfile',
    {
      schema: {
        operationId: 'readProfile',
        tags: ['profile'],
        summary: 'The signed-in user',
        security: bearer,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            message: Type.String(),
            user: UserSchema,
          }),
          ...errors(401),
        },
      },
    },
    async (request) => {
      const user = await fastify.auth.requireUser(request);
      return { success: true as const, message: 'Profile fetched', user: toPublicUser(user) };
    },
  );

  fastify.put(
    '/profile',
    {
      config: { validateBody: validateProfileForm, multilineFields: ['Bio'] },
      // Who is asking, and how much they send, are settled before a byte of the form is read:
      // a caller without a valid token never gets the parser's attention.
      onRequest: async (request) => {
        callers.set(request, await fastify.auth.requireUser(request));
        const length = Number(request.headers['content-length'] ?? 0);
        if (
          request.headers['transfer-encoding'] !== undefined &&
          !request.headers['content-length']
        ) {
          throw new HttpError(411, API_MESSAGES.lengthRequired);
        }
        if (length > formMaxBytes)
          throw new HttpError(413, API_MESSAGES.formTooLarge(formMaxBytes));
      },
      preHandler: async (request) => {
        parsed.add(request);
      },
      schema: {
        operationId: 'updateProfile',
        tags: ['profile'],
        summary: 'Edit the profile (multipart/form-data)',
        security: bearer,
        consumes: ['multipart/form-data'],
        body: ProfileForm,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            message: Type.String(),
            user: UserSchema,
            token: Type.Optional(
              Type.String({
                description: 'A fresh token, when the password changed (older ones are revoked)',
              }),
            ),
          }),
          ...errors(400, 401, 411, 413, 415),
        },
      },
    },
    async (request) => {
      let user = callers.get(request) ?? (await fastify.auth.requireUser(request));
      const body = request.body;
      if (body.Email !== undefined && body.Email.trim().toLowerCase() !== (user.email ?? '')) {
        throw badRequest(API_MESSAGES.emailReadOnly);
      }

      let avatar: string | undefined;
      if (body.Avatar !== undefined) {
        const bytes = Buffer.isBuffer(body.Avatar) ? body.Avatar : null;
        const type = bytes === null ? null : detectImageType(bytes);
        // Stored as decoded and encoded again: whatever rode along with the pixels stays out.
        const clean = bytes === null || type === null ? null : await reencodeImage(bytes, type);
        if (type === null || clean === null) throw badRequest(API_MESSAGES.avatarNotImage);
        await mkdir(uploadsDir, { recursive: true });
        const name = `${randomUUID()}.${type.ext}`;
        await writeFile(join(uploadsDir, name), clean, { flag: 'wx' });
        avatar = `${UPLOADS_PATH}${name}`;
      }

      const newPassword = body.NewPassword ?? '';
      let passwordHash: string | undefined;
      if (newPassword !== '') {
        if (user.passwordHash === null) throw badRequest(API_MESSAGES.noPasswordSet);
        if (body.Password === undefined || body.Password === '') {
          throw badRequest(API_MESSAGES.currentPasswordRequired);
        }
        if (!(await verifyPassword(user.passwordHash, body.Password))) {
          throw badRequest(API_MESSAGES.currentPasswordWrong);
        }
        passwordHash = await hashPassword(newPassword);
      }

      const previousAvatar = user.avatar;
      const updated = await fastify.usersRepository.updateProfile(user.id, {
        ...(body.FullName === undefined ? {} : { fullName: body.FullName.trim() }),
        ...(body.Bio === undefined ? {} : { bio: body.Bio }),
        ...(avatar === undefined ? {} : { avatar }),
      });
      if (updated !== undefined) user = updated;
      if (avatar !== undefined && previousAvatar?.startsWith(UPLOADS_PATH) === true) {
        await unlink(join(uploadsDir, basename(previousAvatar))).catch(() => {});
      }
      let token: string | undefined;
      if (passwordHash !== undefined) {
        const changed = await fastify.usersRepository.setPassword(user.id, passwordHash);
        if (changed !== undefined) user = changed;
        token = await fastify.auth.issue(user);
      }
      return {
        success: true as const,
        message: MESSAGES.profileUpdated,
        user: toPublicUser(user),
        ...(token === undefined ? {} : { token }),
      };
    },
  );
};

export default profileRoutes;
