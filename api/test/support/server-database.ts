/**
 * A database of its own on a PostgreSQL server, for one test file or one benchmark run: created
 * under a random name and dropped afterwards, so runs never share or collide.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ServerDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/**
 * `template`: the new database is a copy of that one (PostgreSQL's `create database … template`,
 * a file copy: much faster than migrating and seeding), which nobody may be connected to.
 */
export async function createServerDatabase(
  serverUrl: string,
  prefix = 'hypertek_test',
  template?: string,
): Promise<ServerDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    template === undefined
      ? `create database "${name}"`
      : `create database "${name}" template "${template.replace(/"/g, '')}"`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      // A busy server can refuse a connection or the drop for a moment: try again before failing.
      for (let attempt = 1; ; attempt++) {
        const client = new pg.Client({ connectionString: serverUrl });
        try {
          await client.connect();
          await client.query(`drop database if exists "${name}" with (force)`);
          return;
        } catch (error) {
          if (attempt >= 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        } finally {
          await client.end().catch(() => {});
        }
      }
    },
  };
}
