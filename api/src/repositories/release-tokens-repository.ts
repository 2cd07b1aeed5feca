/**
 * Who may release: staff members' roles, and release tokens scoped to one remote: made with a random secret of which only a SHA-256 is
 * stored (the secret goes back once, to whoever made it), listed by remote, revoked, and found by
 * the secret a pipeline shows (the lookup is by the secret's hash, never by the secret).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RELEASE_TOKEN_PREFIX, type STAFF_ROLES } from '@hypertek/shared/release-words';
import type { Database } from '../db/client';
import { releaseTokens, staffMembers, users } from '../db/schema';
import type { ReleaseRemote } from './release-reports-repository';

export type StaffRole = (typeof STAFF_ROLES)[number];

const digest = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** How many characters of a secret a list shows (the prefix and four more). */
const HINT_LENGTH = RELEASE_TOKEN_PREFIX.length + 4;

/** A token as its list shows it: never the secret nor its hash. */
export interface ReleaseTokenView {
  id: string;
  name: string;
  remote: ReleaseRemote;
  hint: string;
  createdBy: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const creators = alias(users, 'creators');
const view = {
  id: releaseTokens.id,
  name: releaseTokens.name,
  remote: releaseTokens.remote,
  hint: releaseTokens.hint,
  createdBy: sql<string>`coalesce(nullif(${creators.fullName}, ''), ${creators.email}, '')`,
  createdAt: releaseTokens.createdAt,
  lastUsedAt: releaseTokens.lastUsedAt,
  revokedAt: releaseTokens.revokedAt,
};

export function createReleaseTokensRepository({ db }: Database) {
  const select = () =>
    db
      .select(view)
      .from(releaseTokens)
      .innerJoin(creators, eq(creators.id, releaseTokens.createdBy));
  const byId = async (id: string): Promise<ReleaseTokenView | undefined> =>
    (await select().where(eq(releaseTokens.id, id)))[0];
  return {
    /** The staff role of this account, or null for an account that is not staff. */
    async staffRoleOf(userId: string): Promise<StaffRole | null> {
      const [row] = await db
        .select({ role: staffMembers.role })
        .from(staffMembers)
        .where(eq(staffMembers.userId, userId));
      return row?.role ?? null;
    },
    /** Gives an account a staff role (replacing the one it had). */
    async grantStaffRole(userId: string, role: StaffRole): Promise<void> {
      await db
        .insert(staffMembers)
        .values({ userId, role })
        .onConflictDoUpdate({ target: staffMembers.userId, set: { role, grantedAt: new Date() } });
    },
    /**
     * Makes a token; the answer holds its secret, which is stored nowhere. Undefined when a live
     * token of the remote has that name already.
     */
    async create(input: {
      name: string;
      remote: ReleaseRemote;
      createdBy: string;
    }): Promise<{ token: ReleaseTokenView; secret: string } | undefined> {
      const secret = `${RELEASE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(releaseTokens)
        .values({ ...input, tokenHash: digest(secret), hint: secret.slice(0, HINT_LENGTH) })
        .onConflictDoNothing({
          target: [releaseTokens.remote, releaseTokens.name],
          where: sql`${releaseTokens.revokedAt} is null`,
        })
        .returning({ id: releaseTokens.id });
      if (row === undefined) return undefined;
      const token = await byId(row.id);
      if (token === undefined) throw new Error('release token not stored');
      return { token, secret };
    },
    findById: byId,
    /** The tokens of these remotes, newest first (revoked ones too, marked). */
    async list(remotes: readonly string[]): Promise<ReleaseTokenView[]> {
      if (remotes.length === 0) return [];
      return select()
        .where(inArray(releaseTokens.remote, remotes as ReleaseRemote[]))
        .orderBy(desc(releaseTokens.createdAt), desc(releaseTokens.id));
    },
    /** Revokes a live token; undefined when there is none by that id or it was revoked already. */
    async revoke(id: string, by: string, now = new Date()): Promise<ReleaseTokenView | undefined> {
      const [row] = await db
        .update(releaseTokens)
        .set({ revokedAt: now, revokedBy: by })
        .where(and(eq(releaseTokens.id, id), isNull(releaseTokens.revokedAt)))
        .returning({ id: releaseTokens.id });
      return row && byId(row.id);
    },
    /** The live token whose secret this is (its use noted), else undefined. */
    async findBySecret(secret: string, now = new Date()): Promise<ReleaseTokenView | undefined> {
      const hash = digest(secret);
      const [row] = await db
        .update(releaseTokens)
        .set({ lastUsedAt: now })
        .where(and(eq(releaseTokens.tokenHash, hash), isNull(releaseTokens.revokedAt)))
        .returning({ id: releaseTokens.id, tokenHash: releaseTokens.tokenHash });
      // The index found it by its hash; the hashes compared again in constant time all the same.
      if (row === undefined || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash)))
        return undefined;
      return byId(row.id);
    },
  };
}

export type ReleaseTokensRepository = ReturnType<typeof createReleaseTokensRepository>;
