import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @app/server` after changing a *.table.ts; commit the SQL it writes to drizzle/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
