import net from "node:net";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Pool, neonConfig } from "@neondatabase/serverless";
import { startLocalDatabase, type LocalDatabase } from "./postgres";

/** A raw wire-protocol client that sends each message on its own, as a client is free to. */
async function rawClient(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  let received = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  socket.on("data", (d: Buffer) => {
    received = Buffer.concat([received, d]);
    waiting?.();
  });
  await new Promise((r) => socket.once("connect", r));
  const cstr = (s: string) => Buffer.from(`${s}\0`);
  const message = (type: string, ...parts: Buffer[]) => {
    const body = Buffer.concat(parts);
    const head = Buffer.alloc(5);
    head.write(type, 0);
    head.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  /** Resolves with everything received once a ReadyForQuery ('Z') has arrived. */
  const untilReady = async () => {
    while (!received.includes(Buffer.from([0x5a, 0, 0, 0, 5]))) await new Promise<void>((r) => (waiting = r));
    const all = received.toString("latin1");
    received = Buffer.alloc(0);
    return all;
  };
  const startup = Buffer.concat([
    Buffer.from([0, 3, 0, 0]),
    cstr("user"),
    cstr("postgres"),
    cstr("database"),
    cstr("postgres"),
    Buffer.from([0]),
  ]);
  const length = Buffer.alloc(4);
  length.writeInt32BE(startup.length + 4);
  socket.write(Buffer.concat([length, startup]));
  await untilReady();
  return {
    parse: (sql: string) => socket.write(message("P", cstr(""), cstr(sql), Buffer.from([0, 0]))),
    bindExecuteSync: () =>
      socket.write(
        Buffer.concat([
          message("B", cstr(""), cstr(""), Buffer.from([0, 0, 0, 0, 0, 0])),
          message("E", cstr(""), Buffer.from([0, 0, 0, 0])),
          message("S"),
        ]),
      ),
    untilReady,
    close: () => socket.destroy(),
  };
}

/** Many clients share the one PGlite session: each still sees only its own statements and transactions. */
describe("PGlite over the wire protocol", () => {
  let db: LocalDatabase;
  let pool: Pool;
  beforeAll(async () => {
    db = await startLocalDatabase({}); // in-memory PGlite
    neonConfig.webSocketConstructor = createRequire(import.meta.url)("ws");
    neonConfig.wsProxy = () => db.DATABASE_WS_PROXY;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
    pool = new Pool({ connectionString: db.DATABASE_URL, max: 20 });
    await pool.query("create table counter (id int primary key, n int not null)");
    await pool.query("insert into counter values (1, 0)");
  });
  afterAll(async () => {
    await pool?.end();
    await db?.stop();
  });

  it("keeps each client's parameterised statements whole when twenty clients query at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) => pool.query<{ v: number }>("select $1::int * 2 as v", [i]).then((r) => r.rows[0]!.v)),
    );
    expect(answers).toEqual(Array.from({ length: 400 }, (_, i) => i * 2));
  });

  it("runs one client's Parse … Sync as one piece even when another client's run arrives in between", async () => {
    const a = await rawClient(db.DATABASE_URL);
    const b = await rawClient(db.DATABASE_URL);
    try {
      a.parse("select 'from a' as who");
      await new Promise((r) => setTimeout(r, 50));
      b.parse("select 'from b' as who");
      b.bindExecuteSync();
      expect(await b.untilReady()).toContain("from b");
      a.bindExecuteSync();
      const answer = await a.untilReady();
      expect(answer).not.toContain("26000"); // unnamed prepared statement does not exist
      expect(answer).toContain("from a");
    } finally {
      a.close();
      b.close();
    }
  });

  it("lets one client's transaction finish before another client's statements run", async () => {
    const a = await pool.connect();
    const b = await pool.connect();
    try {
      await a.query("begin");
      await a.query("update counter set n = n + 1 where id = 1");
      // b's read waits for a's transaction instead of running inside it (or seeing its uncommitted row)
      const read = b.query<{ n: number }>("select n from counter where id = 1");
      await a.query("rollback");
      expect((await read).rows).toEqual([{ n: 0 }]);
    } finally {
      a.release();
      b.release();
    }
  });

  it("rolls back the transaction of a client that disconnects in the middle of it", async () => {
    const a = await pool.connect();
    await a.query("begin");
    await a.query("update counter set n = 99 where id = 1");
    a.release(true); // destroys the connection
    const { rows } = await pool.query<{ n: number }>("select n from counter where id = 1");
    expect(rows).toEqual([{ n: 0 }]);
  });
});
