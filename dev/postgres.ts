/**
 * The local database: PGlite (real Postgres in WASM) served over the Postgres wire protocol, with a
 * WebSocket proxy in front so the worker's production driver (Neon serverless) runs unchanged.
 * Given a DATABASE_URL, only the proxy is started, pointing at that server.
 */
import net from "node:net";
import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { dbLink, delayedSender, OPEN_ROUND_TRIPS, type DbLink } from "./db-link";
import { freePort } from "./ports";
import { pgliteSession, servePglite } from "./pglite-server";
import { resetTo, snapshotOf, type DatabaseSnapshot } from "./pglite-snapshot";
import { startSqlOverHttp } from "./sql-over-http";

const require = createRequire(import.meta.url);
// In a vitest globalSetup the "ws" import can resolve to the browser stub; require the Node build.
const { WebSocketServer } = require("ws") as typeof import("ws");

export interface LocalDatabase {
  DATABASE_URL: string;
  DATABASE_WS_PROXY: string;
  /** Neon's SQL-over-HTTP endpoint, played locally (dev/sql-over-http.ts). */
  DATABASE_HTTP_URL: string;
  embedded: boolean;
  /** Embedded only: the data directory as a tarball, for `loadDataDir` (dev/test-worlds.ts). */
  dumpDataDir?(): Promise<Blob>;
  /** Embedded only: what a fresh copy of this database holds, for `reset` (dev/pglite-snapshot.ts). */
  snapshot?(): Promise<DatabaseSnapshot>;
  /**
   * Embedded only: drops every client and puts the database back to `to`, for the next test file
   * (dev/test-worlds.ts). False when its schema changed: then it cannot be reused.
   */
  reset?(to: DatabaseSnapshot): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Pipes every WebSocket connection to a TCP connection to `target`, with at most `maxBackend` TCP
 * connections open at once: further WebSockets wait their turn here (their bytes are buffered) instead
 * of failing with "too many connections". Production has Neon's pooler for this; a Worker cannot queue
 * requests itself (workerd cancels a request that waits on another request's promise).
 */
export async function startWsProxy(target: { host: string; port: number }, maxBackend = 80, link: DbLink = dbLink()) {
  const port = await freePort();
  const wss = new WebSocketServer({ host: "127.0.0.1", port });
  let open = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else open--;
  };

  wss.on("connection", (ws) => {
    let sock: net.Socket | undefined;
    let closed = false;
    const pending: Buffer[] = [];
    // The distance to the database (dev/db-link.ts): each answer held one round trip, the first also the opening's.
    link.connects++;
    let answered = true;
    const reply = delayedSender(link, (data: Buffer) => ws.readyState === ws.OPEN && ws.send(data), OPEN_ROUND_TRIPS * link.ms);

    const connect = () => {
      if (closed) return release();
      // noDelay: see dev/pglite-server.ts (Nagle's algorithm held small writes for a delayed ACK)
      const s = (sock = net.connect({ port: target.port, host: target.host, noDelay: true }));
      s.on("connect", () => {
        for (const b of pending.splice(0)) s.write(b);
      });
      s.on("data", (data) => {
        answered = true;
        reply(data as Buffer);
      });
      s.once("close", release);
      // Like Neon's proxy: when the server side ends, close the WebSocket cleanly (code 1000), so the
      // Worker's sockets do not pile up until it runs out of file descriptors.
      s.on("close", () => ws.close(1000));
      s.on("error", () => ws.close(1000));
    };
    if (open < maxBackend) {
      open++;
      connect();
    } else {
      queue.push(connect);
    }

    ws.on("message", (data: Buffer) => {
      if (answered) link.session++;
      answered = false;
      if (!sock || sock.connecting) pending.push(data);
      else sock.write(data);
    });
    const drop = () => {
      closed = true;
      sock?.destroy();
    };
    ws.on("close", drop);
    ws.on("error", drop);
  });
  await new Promise<void>((resolve) => wss.once("listening", resolve));
  return {
    proxy: `127.0.0.1:${port}/v1`,
    link,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

let blank: Promise<Blob> | undefined;

/**
 * A blank database (what initdb makes) as a dump to start from. initdb costs ~5.6 CPU-s on these machines,
 * starting from its dump ~0.9: each test file with a database of its own (db/, dev/) and the test worlds'
 * template start from this one, made once per PGlite version and kept in node_modules/.cache/pglite.
 */
export function blankDataDir(): Promise<Blob> {
  blank ??= (async () => {
    const pkg = join(dirname(require.resolve("@electric-sql/pglite")), "..", "package.json");
    const { version } = JSON.parse(await readFile(pkg, "utf8")) as { version: string };
    const file = fileURLToPath(new URL(`../node_modules/.cache/pglite/blank-${version}.tar`, import.meta.url));
    const kept = await readFile(file).catch(() => null);
    if (kept) return new Blob([kept]);
    const pg = await PGlite.create();
    const dump = await pg.dumpDataDir("none");
    await pg.close();
    // Written whole, then renamed: a test file starting at the same moment reads the old file or the new one.
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  })();
  return blank;
}

/**
 * `dataDir`: where PGlite keeps its files (in memory without it); `loadDataDir`: a dump to start from.
 * `databaseUrl`: a real server instead; `proxy`: a WebSocket proxy to it that is already running (shared).
 */
export async function startLocalDatabase(opts: {
  dataDir?: string;
  loadDataDir?: Blob;
  databaseUrl?: string;
  proxy?: string;
}): Promise<LocalDatabase> {
  const link = dbLink();
  if (opts.databaseUrl) {
    const url = new URL(opts.databaseUrl);
    const target = { host: url.hostname, port: Number(url.port || 5432) };
    const proxy = opts.proxy ? { proxy: opts.proxy, stop: async () => {} } : await startWsProxy(target, undefined, link);
    // The SQL-over-HTTP stand-in sits next to the database, as Neon's endpoint does: its own proxy is not far.
    const near = opts.proxy ? proxy : await startWsProxy(target, undefined, dbLink(0));
    const sqlHttp = await startSqlOverHttp({ DATABASE_URL: opts.databaseUrl, DATABASE_WS_PROXY: near.proxy }, undefined, link);
    return {
      DATABASE_URL: opts.databaseUrl,
      DATABASE_WS_PROXY: proxy.proxy,
      DATABASE_HTTP_URL: sqlHttp.url,
      embedded: false,
      async stop() {
        await sqlHttp.stop();
        await proxy.stop();
        if (near !== proxy) await near.stop();
      },
    };
  }
  // pg_trgm: the operator's user search (db/migrations/0002_admin.sql)
  // A data directory not made yet (npm start's first run, each browser-suite stack) starts from the blank dump too.
  const fresh = !opts.dataDir || !existsSync(join(opts.dataDir, "PG_VERSION"));
  const loadDataDir = opts.loadDataDir ?? (fresh ? await blankDataDir() : undefined);
  const pg = await PGlite.create(opts.dataDir, { extensions: { pg_trgm }, loadDataDir });
  const pgPort = await freePort();
  const session = pgliteSession(pg);
  const server = await servePglite(session, pgPort);
  const proxy = await startWsProxy({ host: "127.0.0.1", port: pgPort }, undefined, link);
  const DATABASE_URL = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  const sqlHttp = await startSqlOverHttp({ DATABASE_URL, DATABASE_WS_PROXY: proxy.proxy, pglite: session }, undefined, link);
  return {
    DATABASE_URL,
    DATABASE_WS_PROXY: proxy.proxy,
    DATABASE_HTTP_URL: sqlHttp.url,
    embedded: true,
    dumpDataDir: () => pg.dumpDataDir("none"),
    snapshot: () => snapshotOf(pg),
    async reset(to) {
      server.disconnect();
      const release = await session.acquire(); // after what the dropped clients left open is rolled back
      try {
        return await resetTo(pg, to);
      } finally {
        session.prepared.clear(); // `discard all` dropped them
        release();
      }
    },
    async stop() {
      await sqlHttp.stop();
      await proxy.stop();
      await server.stop();
      await pg.close();
    },
  };
}
