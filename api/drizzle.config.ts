import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema; the PostgreSQL dialect serves both drivers.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
