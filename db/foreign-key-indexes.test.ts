/**
 * Every foreign key has an index leading with its column. Without one, deleting a referenced row makes
 * PostgreSQL scan the whole referencing table to cascade or null it: deleting one user with 1M headshots in the
 * database took 2.8 s (bench/admin.ts, DELETE /users/:id, 2026-11-27) because each of their deleted headshots
 * scanned `headshots.edit_of` (issue 36's versions) for references. Migrations applied to an empty PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Pool } from "@neondatabase/serverless";
import { startLocalDatabase, type LocalDatabase } from "../dev/postgres";
import { migrateDatabase } from "./migrate";

describe("foreign keys", () => {
  let db: LocalDatabase;
  beforeAll(async () => {
    db = await startLocalDatabase({});
    await migrateDatabase(db);
  });
  afterAll(() => db?.stop());

  it("each has an index whose first column is the referencing column", async () => {
    const pool = new Pool({ connectionString: db.DATABASE_URL });
    try {
      const { rows } = await pool.query(`
        select c.conrelid::regclass::text || '.' || a.attname as fk
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace
          and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
        order by 1`);
      expect(rows.map((r) => r.fk)).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
