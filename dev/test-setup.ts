/**
 * vitest globalSetup for the worker tests (runs in Node, outside workerd): a real Postgres for the run
 * — embedded PGlite by default, or a fresh database on the server named by TEST_DATABASE_URL — with the
 * migrations applied, handed to the workers through `provide`.
 */
import type { TestProject } from "vitest/node";
import { createRequire } from "node:module";
import { randomBytes } from "node:crypto";
import { Pool, neonConfig } from "@neondatabase/serverless";
import { migrateDatabase } from "../db/migrate";
import { startLocalDatabase, startWsProxy } from "./postgres";
import { startStripeStandin } from "./stripe-standin/server";
import { startOidcStandin } from "./oidc-standin";
import { startGenaiStandin } from "./genai-standin";
import { startPhonePhotoServer } from "./phone-photo-server";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseWsProxy: string;
    databaseHttpUrl: string;
    oidcIssuer: string;
    genaiUrl: string;
    stripeApiUrl: string;
    stripeSecretKey: string;
    stripeWebhookSecret: string;
    /** JSON of {weekly, monthly, yearly, team} price ids */
    stripePrices: string;
    /** Where the phone photos are served (dev/phone-photo-server.ts). */
    phonePhotosUrl: string;
  }
}

/** Creates (and later drops) a database of its own on a real server, so runs never share rows. */
async function freshDatabaseOn(serverUrl: string) {
  const url = new URL(serverUrl);
  const proxy = await startWsProxy({ host: url.hostname, port: Number(url.port || 5432) });
  neonConfig.webSocketConstructor = createRequire(import.meta.url)("ws");
  neonConfig.wsProxy = () => proxy.proxy;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
  const name = `hs_test_${process.pid}_${Date.now()}`;
  const admin = new Pool({ connectionString: serverUrl, max: 1 });
  // A run that was killed never dropped its database: sweep those over an hour old (time is in the name).
  const stale = await admin.query("select datname from pg_database where datname ~ '^hs_test_[0-9]+_[0-9]+$'");
  for (const { datname } of stale.rows as { datname: string }[]) {
    if (Number(datname.split("_")[3]) < Date.now() - 3_600_000) {
      await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
  }
  await admin.query(`create database ${name}`);
  const testUrl = new URL(serverUrl);
  testUrl.pathname = `/${name}`;
  const db = await startLocalDatabase({ databaseUrl: testUrl.toString() });
  return {
    ...db,
    async stop() {
      await db.stop();
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
      await proxy.stop();
    },
  };
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const db = serverUrl ? await freshDatabaseOn(serverUrl) : await startLocalDatabase({});
  await migrateDatabase(db);
  project.provide("databaseUrl", db.DATABASE_URL);
  project.provide("databaseWsProxy", db.DATABASE_WS_PROXY);
  project.provide("databaseHttpUrl", db.DATABASE_HTTP_URL);
  const genai = await startGenaiStandin({ delayMs: 0, failRate: 0 });
  project.provide("genaiUrl", genai.url);
  const oidc = await startOidcStandin();
  project.provide("oidcIssuer", oidc.url);
  // The local Stripe without a webhook URL: worker tests deliver its events themselves, signed
  // (worker/test/billing.ts), because a worker under test has no address it could post to.
  const webhookSecret = `whsec_test_${randomBytes(12).toString("hex")}`;
  const stripe = await startStripeStandin({ webhookSecret });
  project.provide("stripeWebhookSecret", webhookSecret);
  project.provide("stripeApiUrl", stripe.url);
  project.provide("stripeSecretKey", stripe.secretKey);
  project.provide("stripePrices", JSON.stringify(stripe.prices));
  const phonePhotos = await startPhonePhotoServer();
  project.provide("phonePhotosUrl", phonePhotos.url);
  return async () => {
    await phonePhotos.stop();
    await stripe.stop();
    await genai.stop();
    await oidc.stop();
    await db.stop();
  };
}
