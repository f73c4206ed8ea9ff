/**
 * Online migrations (decision 263): a migration marked `-- concurrently` runs outside a transaction, so
 * `CREATE INDEX CONCURRENTLY` works; it is recorded in drizzle's table like any other; a build that fails
 * leaves nothing recorded and an INVALID index, which the next run drops and builds again. On the embedded
 * database, and on the PostgreSQL server of TEST_DATABASE_URL when it is set (a scratch database, dropped).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Pool } from "@neondatabase/serverless";
import { startLocalDatabase, type LocalDatabase } from "../dev/postgres";
import { migrateDatabase } from "./migrate";

const BP = "\n--> statement-breakpoint\n";

/** A migrations folder as drizzle-kit writes it: meta/_journal.json and one file per tag. */
function migrationsFolder(files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "hs-migrations-"));
  mkdirSync(join(dir, "meta"));
  const entries = files.map((_, i) => ({ idx: i, version: "7", when: 1_800_000_000_000 + i, tag: `000${i}_m`, breakpoints: true }));
  writeFileSync(join(dir, "meta", "_journal.json"), JSON.stringify({ version: "7", dialect: "postgresql", entries }));
  files.forEach((sql, i) => writeFileSync(join(dir, `000${i}_m.sql`), sql));
  return dir;
}

const BASE = [
  `CREATE TABLE "things" ("id" integer PRIMARY KEY, "code" text)`,
  `-- concurrently\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "things_code_idx" ON "things" ("code");${BP}INSERT INTO "things" VALUES (1, 'a'), (2, 'a')`,
  `ALTER TABLE "things" ADD COLUMN "note" text`,
];
const UNIQUE = `-- concurrently\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "things_code_key" ON "things" ("code")`;

const targets: [string, string | undefined][] = [["embedded", undefined]];
if (process.env.TEST_DATABASE_URL) targets.push(["PostgreSQL", process.env.TEST_DATABASE_URL]);

describe.each(targets)("migrations marked -- concurrently (%s)", (_name, serverUrl) => {
  let db: LocalDatabase;
  let admin: LocalDatabase | undefined;
  const scratch = `hs_migrate_${process.pid}_${Date.now()}`;
  const folders: string[] = [];
  const query = async (text: string) => {
    const pool = new Pool({ connectionString: db.DATABASE_URL });
    try {
      return (await pool.query(text)).rows;
    } finally {
      await pool.end();
    }
  };

  beforeAll(async () => {
    if (!serverUrl) {
      db = await startLocalDatabase({});
      return;
    }
    admin = await startLocalDatabase({ databaseUrl: serverUrl });
    const pool = new Pool({ connectionString: admin.DATABASE_URL });
    await pool.query(`create database ${scratch}`);
    await pool.end();
    const url = new URL(serverUrl);
    url.pathname = `/${scratch}`;
    db = await startLocalDatabase({ databaseUrl: url.toString(), proxy: admin.DATABASE_WS_PROXY });
  });
  afterAll(async () => {
    await db?.stop();
    if (admin) {
      const pool = new Pool({ connectionString: admin.DATABASE_URL });
      await pool.query(`drop database if exists ${scratch} with (force)`);
      await pool.end();
      await admin.stop();
    }
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });

  /** The database's own message for a failed run (drizzle wraps it as "Failed query: …" with it as the cause). */
  const failure = (run: Promise<void>) =>
    run.then(
      () => "applied",
      (err: Error) => `${err.message} ${err.cause instanceof Error ? err.cause.message : ""}`,
    );
  const migrate = (files: string[]) => {
    const folder = migrationsFolder(files);
    folders.push(folder);
    return migrateDatabase(db, folder);
  };
  const indexes = async () =>
    Object.fromEntries(
      (
        await query(
          `select c.relname, i.indisvalid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname like 'things_code%' order by 1`,
        )
      ).map((r) => [r.relname, r.indisvalid]),
    );
  const recorded = async () => (await query(`select hash, created_at from drizzle.__drizzle_migrations order by created_at`)).length;

  it("applies it between ordinary migrations, outside a transaction, and records it as drizzle does; again is a no-op", async () => {
    await migrate(BASE);
    expect(await indexes()).toEqual({ things_code_idx: true });
    expect(await query(`select id, code, note from things order by id`)).toEqual([
      { id: 1, code: "a", note: null },
      { id: 2, code: "a", note: null },
    ]);
    expect(await recorded()).toBe(3);
    await migrate(BASE);
    expect(await recorded()).toBe(3);
    expect((await query(`select count(*)::int as n from things`))[0].n).toBe(2);
  });

  it("a failed build records nothing; once the data is fixed the next run drops the INVALID index and builds it", async () => {
    // two rows share code 'a': the unique index cannot be built, and Postgres leaves it INVALID
    expect(await failure(migrate([...BASE, UNIQUE]))).toMatch(/could not create unique index/);
    expect(await indexes()).toEqual({ things_code_idx: true, things_code_key: false });
    expect(await recorded()).toBe(3);

    await query(`update things set code = 'b' where id = 2`);
    await migrate([...BASE, UNIQUE]);
    expect(await indexes()).toEqual({ things_code_idx: true, things_code_key: true });
    expect(await recorded()).toBe(4);
    await expect(query(`insert into things (id, code) values (3, 'a')`)).rejects.toThrow(/duplicate key/);
  });

  it("refuses a CREATE INDEX CONCURRENTLY without IF NOT EXISTS, before running it", async () => {
    const bare = `-- concurrently\nCREATE INDEX CONCURRENTLY "things_note_idx" ON "things" ("note")`;
    await expect(migrate([...BASE, UNIQUE, bare])).rejects.toThrow(/must say IF NOT EXISTS/);
    expect((await query(`select count(*)::int as n from pg_class where relname = 'things_note_idx'`))[0].n).toBe(0);
    expect(await recorded()).toBe(4);
  });
});
