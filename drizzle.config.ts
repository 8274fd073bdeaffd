// drizzle-kit's settings: `npx drizzle-kit generate` writes the next migration of the service's
// store from src/service/store/schema.ts (PostgreSQL 15 SQL; the embedded PGlite store runs it too).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/service/store/schema.ts",
  out: "./src/service/store/migrations",
});
