/**
 * Applies drizzle-kit migrations from db/migrations through the production driver.
 * `npm run db:migrate` runs it against DATABASE_URL (Neon in production); `npm start` and the test
 * setup call `migrateDatabase` against the local database.
 *
 * Online migrations (decision 263): drizzle's migrator applies every pending migration in one transaction,
 * where `CREATE INDEX CONCURRENTLY` cannot run. A migration file whose first line is `-- concurrently` is
 * applied outside any transaction instead, one statement (`--> statement-breakpoint`) at a time; the
 * migrations before and after it still go through drizzle's own migrator, a transaction each run. Every
 * `CREATE [UNIQUE] INDEX CONCURRENTLY` in it must say `IF NOT EXISTS`; an INVALID index of that name (left
 * by a build that failed or was interrupted) is dropped concurrently and built again, so a failed run is
 * simply run again. It is recorded in drizzle's table exactly as drizzle records a migration (hash,
 * created_at = the journal's `when`), so drizzle and drizzle-kit see one history.
 */
import { Pool, neonConfig } from "@neondatabase/serverless";
import { drizzle } from "drizzle-orm/neon-serverless";
import { readMigrationFiles, type MigrationMeta } from "drizzle-orm/migrator";
import { PgDialect, type PgSession as AnyPgSession } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { useLocalWebSocketProxy, type DbConfig } from "./index";

const require = createRequire(import.meta.url);
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** The first line that marks a migration to apply outside a transaction. */
export const CONCURRENTLY_MARKER = "-- concurrently";
// drizzle's defaults (drizzle-orm/pg-core/dialect.js migrate), which db:migrate does not change
const MIGRATIONS = { schema: "drizzle", table: "__drizzle_migrations" } as const;

export async function migrateDatabase(env: DbConfig, folder = migrationsFolder): Promise<void> {
  neonConfig.webSocketConstructor = require("ws");
  useLocalWebSocketProxy(env);
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: 1 });
  try {
    await applyMigrations(drizzle({ client: pool })._.session, readMigrationFiles({ migrationsFolder: folder }));
  } finally {
    await pool.end();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the session of any driver and schema, as drizzle's migrator takes it
type PgSession = AnyPgSession<any, any, any>;

const isConcurrent = (m: MigrationMeta) => m.sql[0]!.trimStart().startsWith(CONCURRENTLY_MARKER);

/** The journal's migrations in order: runs of ordinary ones through drizzle's migrator, each marked one on its own. */
async function applyMigrations(session: PgSession, migrations: MigrationMeta[]) {
  const dialect = new PgDialect();
  const config = { migrationsFolder, migrationsSchema: MIGRATIONS.schema, migrationsTable: MIGRATIONS.table };
  let run: MigrationMeta[] = [];
  const flush = async () => {
    // drizzle applies those newer than the last one recorded (as it does for the whole folder)
    if (run.length > 0) await dialect.migrate(run, session, config);
    run = [];
  };
  for (const migration of migrations) {
    if (!isConcurrent(migration)) {
      run.push(migration);
      continue;
    }
    await flush();
    await applyConcurrently(session, migration);
  }
  await flush();
}

const table = sql.raw(`"${MIGRATIONS.schema}"."${MIGRATIONS.table}"`);
const CREATE_INDEX = /^\s*create\s+(?:unique\s+)?index\s+concurrently\s+(if\s+not\s+exists\s+)?("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)/im;

async function applyConcurrently(session: PgSession, migration: MigrationMeta) {
  // the same test as drizzle's: newer than the last migration recorded
  const [last] = await session.all<{ created_at: string | null }>(sql`select created_at from ${table} order by created_at desc limit 1`);
  if (last && Number(last.created_at) >= migration.folderMillis) return;
  for (const statement of migration.sql) {
    const body = statement.replace(/^\s*--.*$/gm, "").trim();
    if (!body) continue;
    const index = CREATE_INDEX.exec(body);
    if (/\bconcurrently\b/i.test(body) && /^\s*create\b/i.test(body) && !index?.[1]) {
      throw new Error(
        `A concurrent migration's CREATE INDEX CONCURRENTLY must say IF NOT EXISTS (so a failed run can be run again): ${body}`,
      );
    }
    if (index) await dropIfInvalid(session, index[2]!);
    await session.execute(sql.raw(statement));
  }
  await session.execute(sql`insert into ${table} ("hash", "created_at") values (${migration.hash}, ${migration.folderMillis})`);
}

/** An index of this name that a failed concurrent build left INVALID (unused by queries, but IF NOT EXISTS would keep it). */
async function dropIfInvalid(session: PgSession, quotedName: string) {
  const name = quotedName.startsWith('"') ? quotedName.slice(1, -1).replace(/""/g, '"') : quotedName.toLowerCase();
  const invalid = await session.all<{ schema: string }>(
    sql`select n.nspname as schema from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
        where c.relname = ${name} and not i.indisvalid and n.nspname = any (current_schemas(false))`,
  );
  for (const { schema } of invalid) {
    await session.execute(sql`drop index concurrently if exists ${sql.identifier(schema)}.${sql.identifier(name)}`);
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
