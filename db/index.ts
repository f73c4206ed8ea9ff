import { AsyncLocalStorage } from "node:async_hooks";
import { Pool, neon, neonConfig } from "@neondatabase/serverless";
import type { Logger } from "drizzle-orm/logger";
import { drizzle } from "drizzle-orm/neon-serverless";
import { drizzle as drizzleHttp } from "drizzle-orm/neon-http";
import * as schema from "./schema";

export { schema };

export interface DbConfig {
  DATABASE_URL: string;
  /** Local runs only: "host:port/v1" of the WebSocket proxy in front of a plain Postgres server. */
  DATABASE_WS_PROXY?: string;
  /** Local runs only: URL of the SQL-over-HTTP endpoint standing in for Neon's (dev/sql-over-http.ts). */
  DATABASE_HTTP_URL?: string;
}

/** Locally, Neon's driver speaks plain WebSocket to the proxy in front of Postgres (dev/postgres.ts). */
export function useLocalWebSocketProxy(env: Pick<DbConfig, "DATABASE_WS_PROXY">) {
  if (!env.DATABASE_WS_PROXY) return;
  const proxy = env.DATABASE_WS_PROXY;
  neonConfig.wsProxy = () => proxy;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

/**
 * The direct (unpooled) address of a Neon database given its pooled one: the same host without `-pooler` in its
 * first label (https://neon.com/docs/manage/connection-pooling, "Last updated 2026-11-26", read 2026-12-05: Neon's
 * pooler is PgBouncer in transaction mode, where session `SET` is not supported; "use a direct connection for …
 * queries that depend on SET"). Any other address is returned unchanged (local servers have no pooler).
 */
export function directDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const [first, ...rest] = url.hostname.split(".");
  if (!first?.endsWith("-pooler")) return databaseUrl;
  url.hostname = [first.slice(0, -"-pooler".length), ...rest].join(".");
  return url.toString();
}

/**
 * The production driver, two ways:
 * - `db`: a session over a WebSocket (transactions, `for update`, anything multi-statement), made per
 *   request (a Worker cannot share an open socket between requests). Opened on first use; `close()` it
 *   when the request is done.
 * - `http`: one statement per HTTPS round trip, no session to open — for the polled hot paths (status,
 *   credits). It cannot run interactive transactions. It holds no connection (each statement is its own
 *   `fetch`), so one per isolate serves every request, and so do the statements prepared on it.
 * Neither is given the schema: nothing uses drizzle's relational queries (`db.query.*`), and deriving
 * their metadata from the schema on every request was the largest single cost of a request that reads
 * nothing (docs/decisions/006-http-driver-for-hot-reads.md).
 * Locally the same driver talks to a WebSocket proxy and an HTTP endpoint in front of PGlite or any
 * Postgres server (dev/postgres.ts).
 */
export function createDb(env: DbConfig) {
  useLocalWebSocketProxy(env);
  // One connection per request: statements of a request run in order, transactions get it to themselves.
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: 1 });
  // A connection the server closes (after our Terminate, or when idle) must not become an unhandled
  // error: the next query reconnects. "Network connection lost" after the pool has ended is expected.
  pool.on("error", (err: Error) => {
    if (!/Network connection lost/.test(err.message)) {
      console.warn(JSON.stringify({ level: "warn", message: "database pool error", error: err.message }));
    }
  });
  const db = drizzle({ client: pool, logger: sessionTrace() });
  return { db, http: httpDb(env), close: () => pool.end() };
}

/**
 * One sequential exchange with the database, as `countRoundTrips` records it:
 * - `connect`: a session's connection opened (in production a WebSocket to Neon: TCP, TLS and the upgrade,
 *   with Postgres's startup and password pipelined into the first statement);
 * - `session`: one statement on that session (`begin` and `commit` included: each is a round trip);
 * - `http`: one SQL-over-HTTP request (one statement, or a batch of them run as one transaction).
 */
export type RoundTrip = { kind: "connect" | "session" | "http"; sql?: string };

const trace = new AsyncLocalStorage<RoundTrip[]>();

/**
 * Runs `fn` and returns what it returned with the database round trips made on its behalf (its async
 * context: a request handled with `app.request`, not work a queue or `waitUntil` runs later). Tests and
 * benches only (worker/lib/round-trips.test.ts); outside it the hooks below cost one lookup.
 */
export async function countRoundTrips<T>(fn: () => Promise<T>): Promise<{ result: T; trips: RoundTrip[] }> {
  const trips: RoundTrip[] = [];
  const result = await trace.run(trips, fn);
  return { result, trips };
}

/** drizzle calls its logger once per statement it sends on the session, in the caller's context. */
function sessionTrace(): Logger {
  let opened = false;
  return {
    logQuery(query) {
      const trips = trace.getStore();
      if (!trips) return;
      // max: 1 and one pool per request: the first statement opens the connection (a closed one reopens)
      if (!opened) trips.push({ kind: "connect" });
      opened = true;
      trips.push({ kind: "session", sql: query });
    },
  };
}

/** Every SQL-over-HTTP request goes through here (neonConfig.fetchFunction), one request one round trip. */
const tracedFetch: typeof fetch = (input, init) => {
  const trips = trace.getStore();
  if (trips) {
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { query?: string; queries?: { query: string }[] }) : {};
    trips.push({ kind: "http", sql: body.query ?? body.queries?.map((q) => q.query).join(";\n") });
  }
  return fetch(input, init);
};

const newHttpDb = (env: DbConfig) => drizzleHttp({ client: neon(env.DATABASE_URL) });
let shared: { key: string; http: ReturnType<typeof newHttpDb> } | undefined;

/** The isolate's SQL-over-HTTP client; made again only when the database settings change (tests). */
export function httpDb(env: DbConfig) {
  if (env.DATABASE_HTTP_URL) neonConfig.fetchEndpoint = env.DATABASE_HTTP_URL;
  neonConfig.fetchFunction = tracedFetch;
  const key = `${env.DATABASE_URL} ${env.DATABASE_HTTP_URL ?? ""}`;
  if (shared?.key !== key) shared = { key, http: newHttpDb(env) };
  return shared.http;
}

export type Db = ReturnType<typeof createDb>["db"];
export type HttpDb = ReturnType<typeof newHttpDb>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A statement built once per SQL-over-HTTP client and then only executed with its placeholders filled
 * (`sql.placeholder`): drizzle's query building was a measurable part of every polled read.
 */
export function preparedOn<T>(build: (db: HttpDb) => T): (db: HttpDb) => T {
  const built = new WeakMap<HttpDb, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
