/**
 * For the node project's migration tests: a database of the file's own — a fresh one on the PostgreSQL server of
 * TEST_DATABASE_URL when it is set (dropped at the end), else an in-memory PGlite — and a migrations folder that
 * stops before a given migration, so a test can write rows of the old shape and then run the one under test.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { Pool, neonConfig } from "@neondatabase/serverless";
import { useLocalWebSocketProxy } from "./index";
import { startLocalDatabase, type LocalDatabase } from "../dev/postgres";
import { migrateDatabase, migrationsFolder } from "./migrate";

/** The database, a pool on it for the test's own queries, and `stop` (pool, database, and the server's copy). */
export async function scratchDatabase(prefix: string): Promise<{ db: LocalDatabase; pool: Pool; stop: () => Promise<void> }> {
  const real = process.env.TEST_DATABASE_URL;
  if (!real) {
    const db = await startLocalDatabase({});
    const pool = new Pool({ connectionString: db.DATABASE_URL });
    return { db, pool, stop: async () => (await pool.end(), await db.stop()) };
  }
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const server = await startLocalDatabase({ databaseUrl: real }); // the WebSocket proxy to the server
  neonConfig.webSocketConstructor = createRequire(import.meta.url)("ws");
  useLocalWebSocketProxy(server);
  const admin = new Pool({ connectionString: real });
  await admin.query(`create database ${name}`);
  const url = new URL(real);
  url.pathname = `/${name}`;
  const db = await startLocalDatabase({ databaseUrl: url.toString(), proxy: server.DATABASE_WS_PROXY });
  const pool = new Pool({ connectionString: db.DATABASE_URL });
  return {
    db,
    pool,
    stop: async () => {
      await pool.end();
      await db.stop();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await server.stop();
    },
  };
}

/** Applies every migration before `tag` (from a copy of the migrations folder whose journal ends there). */
export async function migrateBefore(db: LocalDatabase, tag: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "migrations-"));
  try {
    cpSync(migrationsFolder, dir, { recursive: true });
    const journalPath = join(dir, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === tag);
    if (at < 0) throw new Error(`no migration ${tag}`);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath, JSON.stringify(journal));
    await migrateDatabase(db, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
