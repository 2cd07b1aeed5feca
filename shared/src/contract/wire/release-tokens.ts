/**
 * Release tokens, scoped to one remote, for pipelines (`/releases/tokens`): what the API answers
 * of a token (never its secret, but once when it is made). The API documents and checks its
 * answers with these schemas; the console reads their types.
 */
import { Type, type Static } from 'typebox';
import { RELEASE_TOKEN_PREFIX, REMOTE_NAMES } from '../release-words.mjs';
import { Nullable, Success } from './common.js';

const RemoteSchema = Type.Enum(REMOTE_NAMES, { description: 'The remote (Module Federation)' });

/** A release token as listed: its name, remote, who made it and when, its use and revocation. */
export const ReleaseTokenSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  remote: RemoteSchema,
  hint: Type.String({ description: `The secret's first characters (${RELEASE_TOKEN_PREFIX}…)` }),
  createdBy: Type.String({ description: 'The staff member who made it' }),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Nullable(Type.String({ format: 'date-time' })),
  revokedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type ReleaseToken = Static<typeof ReleaseTokenSchema>;

export const ReleaseTokensAnswerSchema = Type.Object({
  success: Success,
  data: Type.Array(ReleaseTokenSchema),
  remotes: Type.Array(RemoteSchema, {
    description: "The remotes the staff member's role may act on: a token may be made for these",
  }),
});
export type ReleaseTokensAnswer = Static<typeof ReleaseTokensAnswerSchema>;

export const ReleaseTokenMadeAnswerSchema = Type.Object({
  success: Success,
  data: Type.Object({
    ...ReleaseTokenSchema.properties,
    secret: Type.String({
      description: `The token (${RELEASE_TOKEN_PREFIX} and 43 characters): shown this once, stored only as a hash`,
    }),
  }),
});
export type ReleaseTokenMadeAnswer = Static<typeof ReleaseTokenMadeAnswerSchema>;

export const ReleaseTokenAnswerSchema = Type.Object({
  success: Success,
  data: ReleaseTokenSchema,
});
export type ReleaseTokenAnswer = Static<typeof ReleaseTokenAnswerSchema>;

/** What `POST /releases/tokens` is sent. */
export interface ReleaseTokenRequest {
  name: string;
  remote: (typeof REMOTE_NAMES)[number];
}
