// Prisma CLI configuration: schema location and the database URL (the CLI itself
// is only used for `prisma generate` here; migrations run through scripts/migrate.mjs).
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/factdesk' },
});
