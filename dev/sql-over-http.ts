/**
 * A local stand-in for Neon's SQL-over-HTTP endpoint, so the worker's one-shot queries use the
 * production driver (`neon()` from @neondatabase/serverless, via drizzle-orm/neon-http) unchanged.
 *
 *   POST /sql  {query, params}          → {command, rowCount, fields, rows, rowAsArray}
 *   POST /sql  {queries: [{query, params}, ...]}  → {results: [...]}, in one transaction
 *   errors     400 {message, code, ...}
 * Values travel as Postgres text (the driver sends Neon-Raw-Text-Output: true and parses them itself).
 * Statements run on a small pool of long-lived connections: this is what makes the hot path cheap.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { Pool, neonConfig, type PoolClient, type QueryResult } from "@neondatabase/serverless";

interface QueryData {
  query: string;
  params?: unknown[];
}

const rawText = { getTypeParser: () => (value: string) => value };

async function run(client: Pool | PoolClient, q: QueryData) {
  // rowMode "array" + a parser that returns the text as is: exactly the rows Neon's endpoint answers
  const query = client.query.bind(client) as unknown as (config: object) => Promise<QueryResult<unknown[]>>;
  const result = await query({ text: q.query, values: q.params ?? [], rowMode: "array", types: rawText });
  return {
    command: result.command,
    rowCount: result.rowCount,
    rowAsArray: true,
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID, tableID: f.tableID, columnID: f.columnID, dataTypeSize: f.dataTypeSize, dataTypeModifier: f.dataTypeModifier, format: f.format })),
    rows: result.rows,
  };
}

const ISOLATION: Record<string, string> = {
  ReadUncommitted: "read uncommitted",
  ReadCommitted: "read committed",
  RepeatableRead: "repeatable read",
  Serializable: "serializable",
};

export async function startSqlOverHttp(db: { DATABASE_URL: string; DATABASE_WS_PROXY: string }, poolSize = 16) {
  neonConfig.webSocketConstructor = createRequire(import.meta.url)("ws");
  neonConfig.wsProxy = () => db.DATABASE_WS_PROXY;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
  const pool = new Pool({ connectionString: db.DATABASE_URL, max: poolSize });
  pool.on("error", () => {}); // an idle connection dropped by the server is replaced on next use

  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || !req.url?.startsWith("/sql")) return send(404, { message: "not found" });
    let body: QueryData | { queries: QueryData[] };
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return send(400, { message: "request body is not JSON" });
    }
    try {
      if ("queries" in body) {
        const client = await pool.connect();
        try {
          const level = ISOLATION[String(req.headers["neon-batch-isolation-level"] ?? "")];
          const readOnly = req.headers["neon-batch-read-only"] === "true";
          await client.query(`begin${level ? ` isolation level ${level}` : ""}${readOnly ? " read only" : ""}`);
          const results = [];
          for (const q of body.queries) results.push(await run(client, q));
          await client.query("commit");
          send(200, { results });
        } catch (err) {
          await client.query("rollback").catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      } else {
        send(200, await run(pool, body));
      }
    } catch (err) {
      const e = err as Record<string, unknown>;
      send(400, { message: String(e.message ?? err), code: e.code, detail: e.detail, hint: e.hint, position: e.position, severity: e.severity, constraint: e.constraint, table: e.table, column: e.column, schema: e.schema });
    }
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sql`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end().catch(() => {});
    },
  };
}
