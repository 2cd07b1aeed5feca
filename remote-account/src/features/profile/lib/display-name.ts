import type { User } from '@hypertek/shared';

/**
 * The name the profile shows: FullName, else the `Fullname` field one screen of the spec reads
 * (SPEC §3), else the email.
 */
export function displayName(user: User): string {
  const legacy = (user as User & { Fullname?: unknown }).Fullname;
  return user.FullName || (typeof legacy === 'string' && legacy) || user.Email;
}

/** The user's id as the API sends it (`_id`, or `id`). */
export const userId = (user: User): string => user._id || user.id;
