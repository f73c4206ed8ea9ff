import { Pool, neonConfig } from "@neondatabase/serverless";
import { drizzle } from "drizzle-orm/neon-serverless";
import * as schema from "./schema";

export { schema };

export interface DbConfig {
  DATABASE_URL: string;
  /** Local runs only: "host:port/v1" of the WebSocket proxy in front of a plain Postgres server. */
  DATABASE_WS_PROXY?: string;
}

/**
 * The production driver (Neon over WebSockets). Locally the same driver talks to a WebSocket proxy in
 * front of PGlite or any Postgres server. Create one per request and `close()` it when done.
 */
export function createDb(env: DbConfig) {
  if (env.DATABASE_WS_PROXY) {
    const proxy = env.DATABASE_WS_PROXY;
    neonConfig.wsProxy = () => proxy;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  // One connection per request: statements of a request run in order, transactions get it to themselves.
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: 1 });
  // A connection the server closes (after our Terminate, or when idle) must not become an unhandled
  // error: the next query reconnects. "Network connection lost" after the pool has ended is expected.
  pool.on("error", (err: Error) => {
    if (!/Network connection lost/.test(err.message)) {
      console.warn(JSON.stringify({ level: "warn", message: "database pool error", error: err.message }));
    }
  });
  const db = drizzle({ client: pool, schema });
  return { db, close: () => pool.end() };
}

export type Db = ReturnType<typeof createDb>["db"];
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
