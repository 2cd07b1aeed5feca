/** What several tables' CHECK constraints write the same way. */
import { sql } from 'drizzle-orm';
import { REMOTE_NAME_MAX_LENGTH, REMOTE_NAME_SHAPE } from '@hypertek/shared/release-words';

/** The values of a CHECK's `in (…)` list, quoted. */
export const inList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v}'`).join(', '));

/** The remote's name by its form (not a list): a remote added to REMOTE_NAMES needs no migration. */
export const remoteByForm = (column: unknown) =>
  sql`${column} ~ ${sql.raw(`'${REMOTE_NAME_SHAPE}'`)} and char_length(${column}) <= ${sql.raw(String(REMOTE_NAME_MAX_LENGTH))}`;
