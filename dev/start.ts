/**
 * `npm start`: the whole product on this machine, with no accounts and no network.
 *   Postgres  → embedded PGlite under .data/ (or DATABASE_URL), behind a WebSocket proxy for the Neon driver
 *   R2, Queues, cron → miniflare via `wrangler dev`, persisted under .wrangler/state
 *   Gemini, Google sign-in, Stripe, email → local stand-ins (dev/), unless real keys are set in .dev.vars
 * Variables: process env > .dev.vars > local defaults. Ctrl-C stops everything.
 */
import { spawn } from "node:child_process";
import { childrenExited, signalChildren, spawnChild } from "./children";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join, resolve } from "node:path";
import { migrateDatabase } from "../db/migrate";
import { formatEnvFile, readEnvFile } from "./env-file";
import { startLocalDatabase } from "./postgres";
import { assertPortFree } from "./ports";
import { startStandins } from "./standins";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// STATE_DIR keeps a separate world (the browser tests use one): relative to the repository or absolute;
// by default .data/ and .wrangler/state.
const dataDir = process.env.STATE_DIR ? resolve(root, process.env.STATE_DIR) : join(root, ".data");
const persistDir = process.env.STATE_DIR ? join(dataDir, "wrangler") : join(root, ".wrangler", "state");
const watch = process.argv.includes("--watch");

/**
 * Secrets generated once per checkout so restarts can still read the data encrypted before; a secret
 * added later is generated into the existing file on the next start.
 */
function localSecrets(): Record<string, string> {
  const file = join(dataDir, "dev-secrets.json");
  const saved: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const secrets = {
    JWT_SECRET: randomBytes(32).toString("base64url"),
    URL_SIGNING_SECRET: randomBytes(32).toString("base64url"),
    ADDRESS_HASH_SECRET: randomBytes(32).toString("base64url"),
    IMAGE_ENCRYPTION_KEYS: `dev1:${randomBytes(32).toString("base64")}`,
    ...saved,
  };
  if (Object.keys(secrets).length !== Object.keys(saved).length) writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

async function main() {
  mkdirSync(dataDir, { recursive: true });
  // An empty entry in .dev.vars (as copied from .dev.vars.example) means "not set".
  const devVars = Object.fromEntries(Object.entries(readEnvFile(join(root, ".dev.vars"))).filter(([, v]) => v !== ""));
  const fromEnv = (k: string) => process.env[k] ?? devVars[k];
  const port = Number(process.env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
  await assertPortFree(port, "PORT");
  const appUrl = fromEnv("APP_URL") ?? `http://127.0.0.1:${port}`;

  const cleanups: (() => Promise<void>)[] = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    signalChildren("SIGTERM");
    // Give wrangler a moment to shut workerd down cleanly; the exit handler (dev/children.ts) is the backstop.
    await childrenExited(5000);
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGHUP", () => void stop(0));

  const databaseUrl = fromEnv("DATABASE_URL");
  console.log(
    databaseUrl
      ? "• Postgres: DATABASE_URL"
      : `• Postgres: embedded PGlite in ${join(dataDir, "pglite")} (the first start takes a few seconds)`,
  );
  const db = await startLocalDatabase({ databaseUrl, dataDir: join(dataDir, "pglite") });
  cleanups.push(db.stop);
  await migrateDatabase(db);
  console.log("• Migrations applied");

  const standins = await startStandins({ appUrl, workerUrl: `http://127.0.0.1:${port}`, dataDir, vars: { ...devVars, ...process.env } });
  cleanups.push(standins.stop);

  const vars: Record<string, string> = {
    ENVIRONMENT: "development",
    APP_URL: appUrl,
    OPERATOR_EMAIL: "operator@headshot.local",
    MAIL_PROVIDER: "dev",
    ...localSecrets(),
    // Content Credentials: the committed test CA's signer (dev/c2pa/README.md); a real one in .dev.vars wins
    C2PA_SIGNING_KEY: readFileSync(join(root, "dev", "c2pa", "test-signer.key.pem"), "utf8"),
    C2PA_CERT_CHAIN: readFileSync(join(root, "dev", "c2pa", "test-chain.pem"), "utf8"),
    ...standins.vars,
    ...devVars,
    DATABASE_URL: db.DATABASE_URL,
    DATABASE_WS_PROXY: db.DATABASE_WS_PROXY,
    DATABASE_HTTP_URL: db.DATABASE_HTTP_URL,
  };
  // process env wins for what is set here and for every worker variable, which .dev.vars.example lists
  // (worker/config-files.test.ts): GEMINI_IMAGES_PER_MINUTE=12 npm start
  const workerVariables = Object.keys(readEnvFile(join(root, ".dev.vars.example")));
  for (const key of new Set([...Object.keys(vars), ...workerVariables])) {
    if (process.env[key] !== undefined && key !== "DATABASE_URL") vars[key] = process.env[key]!;
  }
  // wrangler refuses to start without the assets directory: build the web app first if it is missing
  // (npm start has just built it; npm run dev builds once here, then keeps rebuilding on change).
  if (watch || !existsSync(join(root, "web", "dist", "index.html"))) {
    console.log("• Building the web app");
    await runToEnd(["vite", "build", "--logLevel", "warn"]);
  }
  mkdirSync(join(root, ".wrangler"), { recursive: true });
  const envFile = join(root, ".wrangler", `dev-${port}.env`);
  writeFileSync(envFile, formatEnvFile(vars), { mode: 0o600 });

  const args = [
    "wrangler",
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--env-file",
    envFile,
    "--persist-to",
    persistDir,
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
    // The cron is fired by this script (below); --test-scheduled tells wrangler so, instead of warning
    // that scheduled events are not triggered.
    "--test-scheduled",
  ];
  if (watch) spawnChild("npx", ["vite", "build", "--watch", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  // In this process's group (dev/children.ts): a kill of the group reaches wrangler and workerd too.
  const wrangler = spawnChild("npx", args, {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    // X_LOCAL_OBSERVABILITY: wrangler's local trace collector (a tail worker that records every request
    // and subrequest) cost about 0.6 ms of CPU per database read on this machine, more than the read;
    // production's observability is unaffected. X_LOCAL_OBSERVABILITY=true npm start brings it back.
    // CLOUDFLARE_CF_FETCH_ENABLED=false: miniflare would fetch the `Request.cf` sample from
    // workers.cloudflare.com (no network here: a warning and a stack trace) and use its placeholder anyway.
    env: {
      X_LOCAL_OBSERVABILITY: "false",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      ...process.env,
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_LOG: "warn",
    },
  });
  wrangler.on("exit", (code) => {
    if (!stopping) {
      console.error(`wrangler dev exited (${code}).`);
      void stop(code ?? 1);
    }
  });

  await waitForHealth(`http://127.0.0.1:${port}/api/health`);
  // wrangler dev does not fire cron triggers by itself: fire ours on the same schedule (every 5 minutes).
  const cron = setInterval(() => {
    fetch(`http://127.0.0.1:${port}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`).catch(() => {});
  }, 5 * 60_000);
  cleanups.push(async () => clearInterval(cron));
  console.log(`
  Headshot Studio is running at http://127.0.0.1:${port}

  • Operator account: ${vars.OPERATOR_EMAIL} (sign up with this address to reach /admin)
  • Dev mailbox:      http://127.0.0.1:${port}/api/dev/mailbox?to=you@example.com
  • Cron:             fired every 5 minutes by npm start (wrangler dev does not fire cron triggers)
${standins.notes.map((n) => `  • ${n}`).join("\n")}
  Press Ctrl-C to stop.
`);
}

function runToEnd(cmd: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", cmd, { cwd: root, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd.join(" ")} exited with ${code}`))));
  });
}

async function waitForHealth(url: string, timeoutMs = 90_000) {
  const start = Date.now();
  let last = "";
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The worker did not become healthy at ${url}: ${last}`);
}

main().catch((err) => {
  console.error(`\nCould not start: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
