/**
 * Applies drizzle-kit migrations from db/migrations through the production driver.
 * `npm run db:migrate` runs it against DATABASE_URL (Neon in production); `npm start` and the test
 * setup call `migrateDatabase` against the local database.
 */
import { Pool, neonConfig } from "@neondatabase/serverless";
import { drizzle } from "drizzle-orm/neon-serverless";
import { migrate } from "drizzle-orm/neon-serverless/migrator";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { useLocalWebSocketProxy, type DbConfig } from "./index";

const require = createRequire(import.meta.url);
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** `folder`: another migrations folder (a test applies the migrations up to one, then the rest). */
export async function migrateDatabase(env: DbConfig, folder = migrationsFolder): Promise<void> {
  neonConfig.webSocketConstructor = require("ws");
  useLocalWebSocketProxy(env);
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: 1 });
  try {
    await migrate(drizzle({ client: pool }), { migrationsFolder: folder });
  } finally {
    await pool.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("db:migrate: set DATABASE_URL to the Postgres database to migrate.");
    process.exit(1);
  }
  migrateDatabase({ DATABASE_URL: url, DATABASE_WS_PROXY: process.env.DATABASE_WS_PROXY })
    .then(() => console.log("Migrations applied."))
    .catch((err) => {
      console.error("Migration failed:", err);
      process.exit(1);
    });
}
