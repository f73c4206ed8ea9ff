/**
 * vitest globalSetup for the worker tests (runs in Node, outside workerd): the broker of test worlds
 * (dev/test-worlds.ts) — each worker test file its own database, local Stripe and Gemini stand-in — on
 * embedded PGlite by default, or on the PostgreSQL server named by TEST_DATABASE_URL; and the Google
 * sign-in stand-in, which keeps no state a file could see of another's (one-time codes only).
 */
import type { TestProject } from "vitest/node";
import { startOidcStandin } from "./oidc-standin";
import { startPhonePhotoServer } from "./phone-photo-server";
import { startWorldBroker } from "./test-worlds";

declare module "vitest" {
  export interface ProvidedContext {
    /** dev/test-worlds.ts: POST /worlds leases a world's bindings */
    worldBroker: string;
    oidcIssuer: string;
    /** Where the phone photos are served (dev/phone-photo-server.ts). */
    phonePhotosUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // Two worlds kept ready: the worker files run two or three at a time (vitest.config.ts maxWorkers).
  const broker = await startWorldBroker({ serverUrl: process.env.TEST_DATABASE_URL, spares: 2 });
  project.provide("worldBroker", broker.url);
  const oidc = await startOidcStandin();
  project.provide("oidcIssuer", oidc.url);
  const phonePhotos = await startPhonePhotoServer();
  project.provide("phonePhotosUrl", phonePhotos.url);
  return async () => {
    await phonePhotos.stop();
    await oidc.stop();
    await broker.stop();
  };
}
