/**
 * Test worlds: every worker test file gets a world of its own — its own database, its own local Stripe (with
 * its own clock) and its own Gemini stand-in — so files run side by side and never see each other's rows,
 * events or clocks (docs/decisions/003-test-worlds.md).
 *
 * The database is a copy of a template migrated once per run:
 * - on a real PostgreSQL server (TEST_DATABASE_URL): `create database … template hs_tpl_…`, a file copy
 *   made by the server, the migrations never replayed;
 * - on the embedded default: one PGlite migrated, its data directory dumped, and a world's PGlite loaded from
 *   that dump (`loadDataDir`), or one an earlier world gave back, put back the way the template has it.
 *
 * The broker is a small HTTP server in the vitest process: `POST /worlds` leases a world (its worker
 * bindings), `DELETE /worlds/<id>?file=<test file>` stops it, `GET /timing` tells how long worlds took.
 * worker/test/world.ts, the worker project's setup file, leases one before each test file is imported and
 * gives it back after the file's last test. Spare worlds are kept ready, so a file rarely waits for one.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { randomBytes } from "node:crypto";
import { Pool, neonConfig } from "@neondatabase/serverless";
import { migrateDatabase } from "../db/migrate";
import { startLocalDatabase, startWsProxy, type LocalDatabase } from "./postgres";
import { startStripeStandin } from "./stripe-standin/server";
import { startGenaiStandin } from "./genai-standin";
import { byStripePriceVar, type StripePriceVar } from "../domain/plans";

/** The worker bindings that make a world: worker/test/world.ts lays them over the fixed test bindings. */
export interface WorldBindings extends Record<StripePriceVar, string> {
  DATABASE_URL: string;
  DATABASE_WS_PROXY: string;
  DATABASE_HTTP_URL: string;
  GEMINI_BASE_URL: string;
  STRIPE_API_URL: string;
  STRIPE_SECRET_KEY: string;
  STRIPE_WEBHOOK_SECRET: string;
  /** DELETE it when the file is done (worker/test/world.ts). */
  TEST_WORLD_URL: string;
}

/** Where worlds' databases come from. */
interface DatabaseSource {
  /** A new database with the migrations applied, and how to throw it away. */
  clone(): Promise<LocalDatabase>;
  /**
   * How long a world given back lives on before its database is thrown away or reset: what the file's last
   * requests left running (a waitUntil closing its database session) ends against the world it began in.
   */
  lingerMs: number;
  stop(): Promise<void>;
}

/** Timings of the run's worlds (`GET /timing`), for bench/test-files.ts. */
export interface WorldTiming {
  /** Building the template: migrating one database (and dumping it, on PGlite). */
  templateMs: number;
  /**
   * Per world: how long it took to start, how long its lease waited for it (0 when a spare was ready), when
   * it was leased and given back (epoch ms), and the test file that had it (told when given back).
   */
  worlds: { id: number; startMs: number; waitedMs: number; leasedAt: number; releasedAt?: number; file?: string }[];
}

/**
 * On the embedded PGlite: migrate one, dump its data directory, load the dump for a world. A world's database
 * given back is put back the way the template has it (dev/pglite-snapshot.ts) and serves a later world:
 * loading a dump costs ~0.9 CPU-s, a reset a few milliseconds. One whose schema a test changed is stopped.
 */
async function pgliteSource(): Promise<DatabaseSource> {
  const first = await startLocalDatabase({});
  await migrateDatabase(first);
  const snapshot = await first.snapshot!();
  const dump = await first.dumpDataDir!();
  await first.stop();
  const idle: LocalDatabase[] = [];
  return {
    // A reset cuts whatever clients are still connected; none were, 3 s after their file ended (counted over
    // a run of the worker tests, 2026-11-28). A longer wait keeps more databases apart: 15 s needed 33 for
    // the 84 files, 3 s 16.
    lingerMs: 3_000,
    async clone() {
      const db = idle.pop() ?? (await startLocalDatabase({ loadDataDir: dump }));
      return {
        ...db,
        async stop() {
          if (await db.reset!(snapshot).catch(() => false)) idle.push(db);
          else await db.stop();
        },
      };
    },
    async stop() {
      await Promise.all(idle.splice(0).map((db) => db.stop()));
    },
  };
}

const NAME = /^hs_(test|tpl)_([0-9]+)_([0-9]+)(_[0-9]+)?$/;

/** On a real server: a template database migrated once, each world `create database … template` it. */
async function serverSource(serverUrl: string): Promise<DatabaseSource> {
  const url = new URL(serverUrl);
  // One proxy for every world: the server keeps the databases apart, and the proxy caps the connections.
  const proxy = await startWsProxy({ host: url.hostname, port: Number(url.port || 5432) });
  neonConfig.webSocketConstructor = createRequire(import.meta.url)("ws");
  neonConfig.wsProxy = () => proxy.proxy;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
  const admin = new Pool({ connectionString: serverUrl, max: 2 });
  // A run that was killed never dropped its databases: sweep those over an hour old (time is in the name).
  const stale = await admin.query("select datname from pg_database where datname ~ '^hs_(test|tpl)_'");
  for (const { datname } of stale.rows as { datname: string }[]) {
    const m = NAME.exec(datname);
    if (m && Number(m[3]) < Date.now() - 3_600_000) {
      await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
  }
  const base = `${process.pid}_${Date.now()}`;
  const urlOf = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const template = `hs_tpl_${base}`;
  await admin.query(`create database ${template}`);
  const migrating = await startLocalDatabase({ databaseUrl: urlOf(template), proxy: proxy.proxy });
  await migrateDatabase(migrating);
  await migrating.stop(); // no session may stay on a template while it is copied
  let n = 0;
  return {
    // Dropping a database (with force) under a session still closing hung a CI run after its last file.
    lingerMs: 15_000,
    async clone() {
      const name = `hs_test_${base}_${++n}`;
      await admin.query(`create database ${name} template ${template}`);
      const db = await startLocalDatabase({ databaseUrl: urlOf(name), proxy: proxy.proxy });
      return {
        ...db,
        async stop() {
          await db.stop();
          await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
        },
      };
    },
    async stop() {
      await admin.query(`drop database if exists ${template}`).catch(() => {});
      await admin.end();
      await proxy.stop();
    },
  };
}

async function startWorld(source: DatabaseSource, worldUrl: string) {
  const [db, genai] = await Promise.all([source.clone(), startGenaiStandin({ delayMs: 0, failRate: 0 })]);
  // The local Stripe without a webhook URL: worker tests deliver its events themselves, signed
  // (worker/test/billing.ts), because a worker under test has no address it could post to.
  const webhookSecret = `whsec_test_${randomBytes(12).toString("hex")}`;
  const stripe = await startStripeStandin({ webhookSecret });
  const bindings: WorldBindings = {
    DATABASE_URL: db.DATABASE_URL,
    DATABASE_WS_PROXY: db.DATABASE_WS_PROXY,
    DATABASE_HTTP_URL: db.DATABASE_HTTP_URL,
    GEMINI_BASE_URL: genai.url,
    STRIPE_API_URL: stripe.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    ...byStripePriceVar(stripe.prices),
    TEST_WORLD_URL: worldUrl,
  };
  return {
    bindings,
    async stop() {
      await Promise.all([stripe.stop(), genai.stop(), db.stop()]);
    },
  };
}

type World = Awaited<ReturnType<typeof startWorld>>;

/**
 * Starts the broker. `serverUrl`: a real PostgreSQL server to clone databases on (else embedded PGlite).
 * `spares`: worlds kept ready ahead of the next lease.
 */
export async function startWorldBroker(opts: { serverUrl?: string; spares?: number } = {}) {
  const began = performance.now();
  const source = opts.serverUrl ? await serverSource(opts.serverUrl) : await pgliteSource();
  const timing: WorldTiming = { templateMs: Math.round(performance.now() - began), worlds: [] };
  const leased = new Map<number, World>();
  const ready: { id: number; world: Promise<World>; startMs: Promise<number> }[] = [];
  const stopping = new Set<Promise<void>>();
  /** Worlds given back and not yet stopped: what stops each now. */
  const lingering = new Map<number, () => void>();
  let next = 0;
  let url = "";

  const prepare = () => {
    const id = ++next;
    const t0 = performance.now();
    const world = startWorld(source, `${url}/worlds/${id}`);
    world.catch(() => {}); // reported to whoever leases it
    ready.push({ id, world, startMs: world.then(() => Math.round(performance.now() - t0)) });
  };
  const lease = async () => {
    const t0 = performance.now();
    if (ready.length === 0) prepare();
    const { id, world, startMs } = ready.shift()!;
    for (let i = ready.length; i < (opts.spares ?? 1); i++) prepare();
    const leasedAt = Date.now();
    const w = await world;
    leased.set(id, w);
    timing.worlds.push({ id, startMs: await startMs, waitedMs: Math.round(performance.now() - t0), leasedAt });
    return { id, bindings: w.bindings };
  };
  const release = (id: number, file?: string) => {
    const w = leased.get(id);
    if (!w) return false;
    leased.delete(id);
    const t = timing.worlds.find((x) => x.id === id);
    if (t) Object.assign(t, { releasedAt: Date.now(), file });
    // Stopped a little later (DatabaseSource.lingerMs).
    const done = new Promise<void>((resolve) => lingering.set(id, resolve)).then(() => w.stop().catch(() => {}));
    setTimeout(() => lingering.get(id)?.(), source.lingerMs).unref();
    stopping.add(done);
    void done.then(() => {
      stopping.delete(done);
      lingering.delete(id);
    });
    return true;
  };

  const server = http.createServer((req, res) => {
    const send = (status: number, body?: unknown) => {
      // Connection: close. A test file leases its world from inside workerd (worker/test/world.ts); a kept-alive
      // socket that Node closes after its 5 s idle timeout surfaced in the isolate as an uncaught "Network
      // connection lost." in whichever test was running (decision 280: downloads/transform, a long file).
      res.writeHead(status, { "content-type": "application/json", connection: "close" });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const { pathname: path, searchParams } = new URL(req.url ?? "/", "http://x");
    const m = /^\/worlds\/([0-9]+)$/.exec(path);
    if (req.method === "POST" && path === "/worlds") {
      lease().then(
        (w) => send(200, w),
        (err: unknown) => send(500, { message: `could not start a test world: ${String(err)}` }),
      );
    } else if (req.method === "DELETE" && m) {
      send(release(Number(m[1]), searchParams.get("file") ?? undefined) ? 204 : 404);
    } else if (req.method === "GET" && path === "/timing") {
      send(200, timing);
    } else {
      send(404, { message: "not found" });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  prepare();

  return {
    url,
    timing,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      for (const id of [...leased.keys()]) release(id);
      for (const stopNow of lingering.values()) stopNow();
      const spare = ready.splice(0).map(({ world }) => world.then((w) => w.stop()).catch(() => {}));
      await Promise.all([...spare, ...stopping]);
      await source.stop();
    },
  };
}
