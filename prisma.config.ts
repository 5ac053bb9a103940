import { defineConfig } from "prisma/config";

// The CLI only needs the schema to generate the client. Migrations are plain SQL that the app
// applies itself at start (see src/server/db/migrate.ts); `prisma migrate deploy` agrees with it.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/journal.db" },
});
