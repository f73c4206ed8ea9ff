/**
 * A local stand-in for Neon's SQL-over-HTTP endpoint, so the worker's one-shot queries use the
 * production driver (`neon()` from @neondatabase/serverless, via drizzle-orm/neon-http) unchanged.
 *
 *   POST /sql  {query, params}          → {command, rowCount, fields, rows, rowAsArray}
 *   POST /sql  {queries: [{query, params}, ...]}  → {results: [...]}, in one transaction
 *   errors     400 {message, code, ...}
 * Values travel as Postgres text (the driver sends Neon-Raw-Text-Output: true and parses them itself).
 *
 * Where the statements run:
 * - Embedded PGlite: on the PGlite session in this process, under the same lock as the wire clients
 *   (dev/pglite-server.ts), as one extended-protocol run each (Parse, Bind, Describe, Execute, Sync):
 *   no WebSocket, no proxy, no second protocol hop. This is the polled hot path's whole cost here.
 * - Any other Postgres (DATABASE_URL): on a small pool of long-lived connections through the proxy.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { Pool, neonConfig, type PoolClient, type QueryResult } from "@neondatabase/serverless";
import { dbLink, delayedSender, type DbLink } from "./db-link";
import type { PgliteSession } from "./pglite-server";

interface QueryData {
  query: string;
  params?: unknown[];
}

interface Field {
  name: string;
  tableID: number;
  columnID: number;
  dataTypeID: number;
  dataTypeSize: number;
  dataTypeModifier: number;
  format: string;
}

interface Result {
  command: string;
  rowCount: number | null;
  rowAsArray: true;
  fields: Field[];
  rows: (string | null)[][];
}

/** Runs statements; `begin` (a BEGIN statement) makes them one transaction. */
type Executor = { run(queries: QueryData[], begin?: string): Promise<Result[]>; stop(): Promise<void> };

const ISOLATION: Record<string, string> = {
  ReadUncommitted: "read uncommitted",
  ReadCommitted: "read committed",
  RepeatableRead: "repeatable read",
  Serializable: "serializable",
};

export async function startSqlOverHttp(
  db: { DATABASE_URL: string; DATABASE_WS_PROXY: string; pglite?: PgliteSession },
  poolSize = 16,
  link: DbLink = dbLink(),
) {
  const executor = db.pglite ? pgliteExecutor(db.pglite) : poolExecutor(db, poolSize);

  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    // The distance to the database (dev/db-link.ts): read or set here, not counted.
    if (req.url?.startsWith("/__link")) {
      const ms = new URL(req.url, "http://x").searchParams.get("ms");
      if (req.method === "POST" && ms !== null) {
        if (!/^\d{1,4}$/.test(ms)) return send(400, { message: "ms must be a whole number of milliseconds below 10000" });
        link.ms = Number(ms);
      }
      return send(200, link);
    }
    if (req.url?.startsWith("/sql")) {
      link.http++;
      const answer = send;
      const reply = delayedSender(link, ([status, body]: [number, unknown]) => answer(status, body));
      return handle((status, body) => reply([status, body]));
    }
    return send(404, { message: "not found" });

    async function handle(send: (status: number, body: unknown) => void) {
      if (req.method !== "POST") return send(404, { message: "not found" });
      let body: QueryData | { queries: QueryData[] };
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return send(400, { message: "request body is not JSON" });
      }
      try {
        link.httpAsStatements += "queries" in body ? body.queries.length + 2 : 1;
        if ("queries" in body) {
          const level = ISOLATION[String(req.headers["neon-batch-isolation-level"] ?? "")];
          const readOnly = req.headers["neon-batch-read-only"] === "true";
          const begin = `begin${level ? ` isolation level ${level}` : ""}${readOnly ? " read only" : ""}`;
          send(200, { results: await executor.run(body.queries, begin) });
        } else {
          send(200, (await executor.run([body]))[0]);
        }
      } catch (err) {
        const e = err as Record<string, unknown>;
        send(400, {
          message: String(e.message ?? err),
          code: e.code,
          detail: e.detail,
          hint: e.hint,
          position: e.position,
          severity: e.severity,
          constraint: e.constraint,
          table: e.table,
          column: e.column,
          schema: e.schema,
        });
      }
    }
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sql`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await executor.stop();
    },
  };
}

/** Statements on a pool of connections to a Postgres server, through the WebSocket proxy. */
function poolExecutor(db: { DATABASE_URL: string; DATABASE_WS_PROXY: string }, poolSize: number): Executor {
  neonConfig.webSocketConstructor = createRequire(import.meta.url)("ws");
  neonConfig.wsProxy = () => db.DATABASE_WS_PROXY;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
  const pool = new Pool({ connectionString: db.DATABASE_URL, max: poolSize });
  pool.on("error", () => {}); // an idle connection dropped by the server is replaced on next use

  const rawText = { getTypeParser: () => (value: string) => value };
  async function one(client: Pool | PoolClient, q: QueryData): Promise<Result> {
    // rowMode "array" + a parser that returns the text as is: exactly the rows Neon's endpoint answers
    const query = client.query.bind(client) as unknown as (config: object) => Promise<QueryResult<(string | null)[]>>;
    const result = await query({ text: q.query, values: q.params ?? [], rowMode: "array", types: rawText });
    return {
      command: result.command,
      rowCount: result.rowCount,
      rowAsArray: true,
      fields: result.fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
        tableID: f.tableID,
        columnID: f.columnID,
        dataTypeSize: f.dataTypeSize,
        dataTypeModifier: f.dataTypeModifier,
        format: f.format,
      })),
      rows: result.rows,
    };
  }

  return {
    async run(queries, begin) {
      if (!begin) return [await one(pool, queries[0]!)];
      const client = await pool.connect();
      try {
        await client.query(begin);
        const results = [];
        for (const q of queries) results.push(await one(client, q));
        await client.query("commit");
        return results;
      } catch (err) {
        await client.query("rollback").catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    stop: () => pool.end().catch(() => {}),
  };
}

/**
 * Statements on the embedded PGlite session, each one extended-protocol run, under the session's lock.
 * A single statement (the polled reads) is prepared once by its text as a named statement, so later
 * runs skip parsing and planning (~150 → ~45 µs in PGlite for the credits join); Postgres re-plans it
 * itself after DDL. Batches use the unnamed statement.
 */
function pgliteExecutor(session: PgliteSession): Executor {
  const { pg, prepared: named } = session;
  const MAX_NAMED = 1000;
  let made = 0;

  /** One run; `statement` names a prepared statement, parsed in this run unless `parsed`. */
  async function one(q: QueryData, statement = "", parsed = false): Promise<Result> {
    const params = (q.params ?? []) as (string | null)[];
    const { messages } = await pg.execProtocol(extendedRun(parsed ? null : q.query, params, statement));
    const result: Result = { command: "", rowCount: null, rowAsArray: true, fields: [], rows: [] };
    for (const m of messages as unknown as ProtocolMessage[]) {
      if (m.name === "rowDescription")
        result.fields = m.fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
          tableID: f.tableID,
          columnID: f.columnID,
          dataTypeSize: f.dataTypeSize,
          dataTypeModifier: f.dataTypeModifier,
          format: Number(f.format) === 1 ? "binary" : "text",
        }));
      else if (m.name === "dataRow") result.rows.push(m.fields);
      else if (m.name === "commandComplete") {
        const tag = m.text.split(" ");
        result.command = tag[0]!;
        const count = Number(tag.at(-1));
        result.rowCount = tag.length > 1 && Number.isInteger(count) ? count : null;
      }
    }
    return result;
  }

  /** A single statement, by its named statement (made on first use). */
  async function single(q: QueryData): Promise<Result> {
    let name = named.get(q.query);
    const parsed = name !== undefined;
    if (!name) {
      if (named.size >= MAX_NAMED) return one(q);
      named.set(q.query, (name = `s${++made}`));
    }
    try {
      return await one(q, name, parsed);
    } catch (err) {
      // Forget it (Close of a statement that was never made is no error), and answer this one unnamed
      // if Postgres refused the cached plan (its result type changed with the schema).
      named.delete(q.query);
      await pg.execProtocol(closeStatement(name)).catch(() => {});
      if ((err as { code?: string }).code === "0A000") return one(q);
      throw err;
    }
  }

  return {
    async run(queries, begin) {
      // A wire client's open transaction holds the lock: our statements wait for it, never run inside it.
      const release = await session.acquire();
      try {
        if (!begin) return [await single(queries[0]!)];
        await pg.exec(begin);
        try {
          const results = [];
          for (const q of queries) results.push(await one(q));
          await pg.exec("commit");
          return results;
        } catch (err) {
          await pg.exec("rollback").catch(() => {});
          throw err;
        }
      } finally {
        release();
      }
    },
    stop: async () => {},
  };
}

/** The parts of PGlite's parsed backend messages read here (RowDescription, DataRow, CommandComplete). */
interface ProtocolMessage {
  name: string;
  fields: Field[] & (string | null)[];
  text: string;
}

/**
 * Parse (types inferred; skipped when `query` is null: the named statement exists), Bind (text
 * parameters, text results), Describe the portal, Execute, Sync.
 */
function extendedRun(query: string | null, params: (string | null)[], statement: string): Uint8Array {
  const parts: Buffer[] = [];
  const message = (type: string, body: Buffer) => parts.push(frame(type, body));
  if (query !== null) message("P", Buffer.concat([cstr(statement), cstr(query), int16(0)]));
  const bind: Buffer[] = [cstr(""), cstr(statement), int16(0), int16(params.length)];
  for (const p of params) {
    if (p === null || p === undefined) bind.push(int32(-1));
    else {
      const v = Buffer.from(String(p), "utf8");
      bind.push(int32(v.length), v);
    }
  }
  bind.push(int16(0));
  message("B", Buffer.concat(bind));
  message("D", Buffer.concat([Buffer.from("P", "latin1"), cstr("")]));
  message("E", Buffer.concat([cstr(""), int32(0)]));
  message("S", Buffer.alloc(0));
  return Buffer.concat(parts);
}

/** Close a named statement, then Sync. */
function closeStatement(statement: string): Uint8Array {
  return Buffer.concat([frame("C", Buffer.concat([Buffer.from("S", "latin1"), cstr(statement)])), frame("S", Buffer.alloc(0))]);
}

function frame(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const cstr = (s: string) => Buffer.from(`${s}\0`, "utf8");
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
