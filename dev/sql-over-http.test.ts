import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { Pool, neon, neonConfig } from "@neondatabase/serverless";
import { useLocalWebSocketProxy } from "../db";
import { startLocalDatabase, type LocalDatabase } from "./postgres";

/** The local SQL-over-HTTP endpoint answers Neon's driver exactly as Neon's own endpoint would. */
describe("the local SQL-over-HTTP endpoint", () => {
  let db: LocalDatabase;
  let sql: ReturnType<typeof neon>;
  beforeAll(async () => {
    db = await startLocalDatabase({}); // in-memory PGlite
    neonConfig.fetchEndpoint = db.DATABASE_HTTP_URL;
    sql = neon(db.DATABASE_URL);
    await sql`create table t (id int primary key, name text, at timestamptz, ok boolean, data jsonb, n bigint)`;
  });
  afterAll(() => db?.stop());

  it("runs parameterised statements and returns values the driver parses into JS types", async () => {
    await sql`insert into t values (${1}, ${"Ada"}, ${"2026-11-21T10:00:00Z"}, ${true}, ${JSON.stringify({ a: [1, 2] })}, ${"9007199254740993"})`;
    await sql`insert into t (id, name) values (${2}, ${null})`;
    const rows = await sql`select id, name, at, ok, data, n from t order by id`;
    expect(rows).toEqual([
      { id: 1, name: "Ada", at: new Date("2026-11-21T10:00:00Z"), ok: true, data: { a: [1, 2] }, n: "9007199254740993" },
      { id: 2, name: null, at: null, ok: null, data: null, n: null },
    ]);
    const full = await sql.query("select count(*)::int as c from t where id > $1", [0], { fullResults: true });
    expect(full.rows).toEqual([{ c: 2 }]);
    expect(full.command).toBe("SELECT");
  });

  it("plays the distance to the database: set and read at /__link, every request held that long and counted", async () => {
    const link = new URL("/__link", db.DATABASE_HTTP_URL);
    const before = (await (await fetch(link)).json()) as { ms: number; http: number; httpAsStatements: number };
    expect(before.ms).toBe(0);
    expect((await fetch(new URL("?ms=abc", link), { method: "POST" })).status).toBe(400);
    expect(((await (await fetch(new URL("?ms=25", link), { method: "POST" })).json()) as { ms: number }).ms).toBe(25);
    try {
      const start = performance.now();
      await sql`select 1`;
      await sql.transaction([sql`select 1`, sql`select 2`]);
      expect(performance.now() - start).toBeGreaterThanOrEqual(2 * 25 - 1);
      const after = (await (await fetch(link)).json()) as { http: number; httpAsStatements: number };
      expect(after.http - before.http).toBe(2);
      expect(after.httpAsStatements - before.httpAsStatements).toBe(1 + (2 + 2)); // a batch of two: begin … commit
    } finally {
      await fetch(new URL("?ms=0", link), { method: "POST" });
    }
  });

  it("answers a failing statement with the Postgres error", async () => {
    await expect(sql`insert into t (id) values (${1})`).rejects.toMatchObject({ code: "23505" });
    await expect(sql`select nope from t`).rejects.toThrow(/nope/);
    await expect(sql`insert into t (id) values (${1})`).rejects.toMatchObject({ code: "23505" }); // again, same text
    expect(await sql`select count(*)::int as c from t where id = ${1}`).toEqual([{ c: 1 }]);
  });

  it("answers a repeated statement with fresh rows, also after its table changes shape", async () => {
    await sql`create table shape (id int primary key, a text)`;
    await sql`insert into shape values (${1}, ${"x"})`;
    const read = () => sql.query("select * from shape where id = $1", [1]);
    expect(await read()).toEqual([{ id: 1, a: "x" }]);
    await sql`update shape set a = ${"y"} where id = ${1}`;
    expect(await read()).toEqual([{ id: 1, a: "y" }]);
    await sql`alter table shape add column b text`;
    expect(await read()).toEqual([{ id: 1, a: "y", b: null }]);
    expect(await read()).toEqual([{ id: 1, a: "y", b: null }]);
  });

  it("runs a batch in one transaction, and rolls it all back when one statement fails", async () => {
    const [a, b] = await sql.transaction([sql`insert into t (id) values (${10}) returning id`, sql`select count(*)::int as c from t`]);
    expect(a).toEqual([{ id: 10 }]);
    expect(b).toEqual([{ c: 3 }]);
    await expect(sql.transaction([sql`insert into t (id) values (${11})`, sql`insert into t (id) values (${1})`])).rejects.toMatchObject({
      code: "23505",
    });
    expect(await sql`select id from t where id = ${11}`).toEqual([]);
  });

  it("never runs inside a session's open transaction: it waits for it to end", async () => {
    // The embedded PGlite is one session shared by the wire clients and this endpoint.
    neonConfig.webSocketConstructor = createRequire(import.meta.url)("ws");
    useLocalWebSocketProxy(db);
    const pool = new Pool({ connectionString: db.DATABASE_URL, max: 1 });
    const session = await pool.connect();
    try {
      await session.query("begin");
      await session.query("insert into t (id) values (20)");
      const read = sql`select count(*)::int as c from t where id = ${20}`;
      const answer = read.then((rows) => rows); // sends it now
      await new Promise((resolve) => setTimeout(resolve, 100)); // let it reach the endpoint
      await session.query("rollback");
      expect(await answer).toEqual([{ c: 0 }]); // inside the transaction it would have seen the row
    } finally {
      session.release();
      await pool.end();
    }
  });
});
