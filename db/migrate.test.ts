import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalDatabase, type LocalDatabase } from "../dev/postgres";
import { migrateDatabase } from "./migrate";
import { Pool } from "@neondatabase/serverless";

/** Migrations apply to an empty database, and applying them again changes nothing. */
describe("migrations", () => {
  let db: LocalDatabase;
  beforeAll(async () => {
    db = await startLocalDatabase({}); // in-memory PGlite: empty
  });
  afterAll(() => db?.stop());

  const snapshot = async () => {
    const pool = new Pool({ connectionString: db.DATABASE_URL });
    try {
      const tables = await pool.query("select table_name from information_schema.tables where table_schema = 'public' order by 1");
      const applied = await pool.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      const columns = await pool.query("select count(*)::int as n from information_schema.columns where table_schema = 'public'");
      return { tables: tables.rows.map((r) => r.table_name), applied: applied.rows[0].n, columns: columns.rows[0].n };
    } finally {
      await pool.end();
    }
  };

  it("apply to an empty database, then again as a no-op", async () => {
    await migrateDatabase(db);
    const first = await snapshot();
    expect(first.tables).toEqual(
      expect.arrayContaining([
        "users",
        "password_credentials",
        "refresh_token_families",
        "email_verifications",
        "headshots",
        "credits",
        "subscriptions",
        "invoices",
        "processed_provider_events",
        "moderation_flags",
        "admin_audit_log",
        "rate_limit_hits",
      ]),
    );
    // one pending change per subscription (decision 346): the old downgrades table is gone
    expect(first.tables).not.toContain("scheduled_downgrades");
    expect(first.applied).toBeGreaterThan(0);
    await migrateDatabase(db);
    expect(await snapshot()).toEqual(first);
  });
});
