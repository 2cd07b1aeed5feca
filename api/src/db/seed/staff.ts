/**
 * The staff demo accounts: one per team that ships a remote (the release words' STAFF_ROLES), so
 * the roles can be tried on a fresh start. They sign in like the demo account: their address and
 * the demo password. Never made in production (a known password must not release anything).
 */
import { eq } from 'drizzle-orm';
import type { STAFF_ROLES } from '@hypertek/shared/release-words';
import type { Database } from '../client';
import { staffMembers, users } from '../schema';

export const STAFF_ACCOUNTS: readonly {
  email: string;
  fullName: string;
  role: (typeof STAFF_ROLES)[number];
}[] = [
  { email: 'marketing@hypertek.local', fullName: 'Mara Lind', role: 'marketing' },
  { email: 'payments@hypertek.local', fullName: 'Paz Okafor', role: 'payments' },
];

/** Makes the staff accounts that do not exist yet (an existing account keeps what it has). */
export async function seedStaff(
  { db }: Database,
  passwordHash: () => Promise<string>,
): Promise<void> {
  for (const staff of STAFF_ACCOUNTS) {
    const [found] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, staff.email));
    if (found !== undefined) continue;
    const [made] = await db
      .insert(users)
      .values({
        email: staff.email,
        fullName: staff.fullName,
        bio: `Releases the ${staff.role} team's remote.`,
        passwordHash: await passwordHash(),
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    if (made === undefined) throw new Error(`staff account ${staff.email} not created`);
    await db.insert(staffMembers).values({ userId: made.id, role: staff.role });
  }
}
