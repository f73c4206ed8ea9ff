import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { Pool, neon, neonConfig } from "@neondatabase/serverless";
import { migrateDatabase } from "../db/migrate";
import { resetTo, snapshotOf, type DatabaseSnapshot } from "./pglite-snapshot";
import { blankDataDir, startLocalDatabase, type LocalDatabase } from "./postgres";

/** A template with what a reset must put back: its own rows, made with a trigger; an identity; a sequence. */
const TEMPLATE = `
  create table plans (id int generated always as identity primary key, name text not null, doubled int generated always as (id * 2) stored);
  create table plan_count (n int not null);
  insert into plan_count values (0);
  create function count_plan() returns trigger language plpgsql as $$ begin update plan_count set n = n + 1; return new; end $$;
  create trigger count_plan after insert on plans for each row execute function count_plan();
  create sequence ticket;
  insert into plans (name) values ('weekly'), ('monthly');
  select nextval('ticket');
`;

/** Everything a test file could read: every row, the next values, the session's settings and statements. */
async function contents(pg: PGlite) {
  const state = {
    plans: (await pg.query<{ id: number; name: string; doubled: number }>("select * from plans order by id")).rows,
    count: (await pg.query("select n from plan_count")).rows,
    ticket: (await pg.query("select last_value, is_called from ticket")).rows,
    timezone: (await pg.query("show timezone")).rows,
    prepared: (await pg.query("select name from pg_prepared_statements")).rows,
    temporary: (await pg.query("select relname from pg_class where relpersistence = 't'")).rows,
  };
  // The next identity value, in a transaction rolled back: a fresh copy hands out 3.
  await pg.exec("begin");
  state.plans.push(...(await pg.query<(typeof state.plans)[number]>("insert into plans (name) values ('probe') returning *")).rows);
  await pg.exec("rollback");
  return state;
}

describe("putting an embedded database back the way the template has it", () => {
  let pg: PGlite;
  let snapshot: DatabaseSnapshot;
  let fresh: Awaited<ReturnType<typeof contents>>;
  beforeAll(async () => {
    pg = await PGlite.create({ loadDataDir: await blankDataDir() });
    await pg.exec(TEMPLATE);
    snapshot = await snapshotOf(pg);
    fresh = await contents(pg);
  });
  afterAll(() => pg?.close());

  it("restores every row, identity, sequence and session as they were, without running triggers twice", async () => {
    expect(fresh.plans.map((p) => [p.id, p.name, p.doubled])).toEqual([
      [1, "weekly", 2],
      [2, "monthly", 4],
      [3, "probe", 6],
    ]);
    expect(fresh.count).toEqual([{ n: 2 }]);
    await pg.exec(`
      insert into plans (name) values ('yearly');
      update plans set name = 'renamed' where id = 1;
      delete from plans where id = 2;
      select nextval('ticket'); select nextval('ticket');
      set timezone = 'Asia/Tokyo';
      prepare leftover as select 1;
      create temporary table scratch (x int);
    `);
    expect(await contents(pg)).not.toEqual(fresh);

    expect(await resetTo(pg, snapshot)).toBe(true);
    expect(await contents(pg)).toEqual(fresh);
  });

  it("refuses a database whose schema a test changed, and leaves it as it is", async () => {
    await pg.exec(`insert into plans (name) values ('yearly')`);
    await pg.exec(`create trigger count_again after insert on plans for each row execute function count_plan()`);
    expect(await resetTo(pg, snapshot)).toBe(false);
    expect((await pg.query("select name from plans order by id")).rows).toContainEqual({ name: "yearly" });

    await pg.exec(`drop trigger count_again on plans`);
    await pg.exec(`alter table plans add column note text`);
    expect(await resetTo(pg, snapshot)).toBe(false);
    await pg.exec(`alter table plans drop column note`);
    await pg.exec(`create or replace function count_plan() returns trigger language plpgsql as $$ begin return new; end $$`);
    expect(await resetTo(pg, snapshot)).toBe(false);
  });
});

describe("a test world's database handed on to the next file", () => {
  let db: LocalDatabase;
  let snapshot: DatabaseSnapshot;
  beforeAll(async () => {
    db = await startLocalDatabase({});
    await migrateDatabase(db);
    snapshot = await db.snapshot!();
    neonConfig.webSocketConstructor = createRequire(import.meta.url)("ws");
    neonConfig.wsProxy = () => db.DATABASE_WS_PROXY;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
    neonConfig.fetchEndpoint = db.DATABASE_HTTP_URL;
  });
  afterAll(() => db?.stop());

  it("is empty again, with what the last file's clients still had open rolled back and cut off", async () => {
    // A polled read over SQL-over-HTTP: the stand-in keeps it prepared on the session, which the reset discards.
    const http = neon(db.DATABASE_URL);
    const polled = () => http`select count(*)::int as n from users`;
    expect(await polled()).toEqual([{ n: 0 }]);
    const pool = new Pool({ connectionString: db.DATABASE_URL, max: 4 });
    pool.on("error", () => {}); // the reset cuts its idle connections
    await pool.query("insert into users (email) values ('kept@example.test')");
    const open = await pool.connect();
    open.on("error", () => {});
    await open.query("begin");
    await open.query("insert into users (email) values ('open@example.test')");

    expect(await db.reset!(snapshot)).toBe(true);

    await expect(open.query("commit")).rejects.toThrow();
    open.release(true);
    await pool.end().catch(() => {});
    expect(await polled()).toEqual([{ n: 0 }]);
    const after = new Pool({ connectionString: db.DATABASE_URL, max: 1 });
    try {
      const tables = (
        await after.query<{ t: string }>(`select format('%I.%I', schemaname, tablename) as t from pg_tables where schemaname = 'public'`)
      ).rows;
      expect(tables.length).toBeGreaterThan(20);
      for (const { t } of tables) {
        expect([t, (await after.query(`select count(*)::int as n from ${t}`)).rows[0]]).toEqual([t, { n: 0 }]);
      }
      // The migrations stay recorded: the next file's world is a migrated database.
      expect((await after.query(`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0].n).toBeGreaterThan(0);
    } finally {
      await after.end();
    }
  });
});
