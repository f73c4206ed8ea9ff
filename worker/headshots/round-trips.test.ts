/**
 * How many times the hot requests wait on the database (issue 38): counted at the driver, per request,
 * against worker/test/round-trips.ts. Not a timing: a statement added to upload or generate, or a second
 * one on a polled read, fails here whatever the machine.
 */
import { describe, expect, it } from "vitest";
import { countRoundTrips, type RoundTrip } from "../../db";
import { ROUND_TRIPS, type TripCount } from "../test/round-trips";
import { createTestUser, env } from "../test/helpers";
import { operatorAuth } from "../test/admin";
import { createMessageBatch } from "cloudflare:test";
import { handleQueueBatch } from "../queue";
import type { QueueMessage } from "../env";
import { jpegBytes } from "../test/images";
import { photoForm, withRecordingQueue } from "../test/headshots";

function tally(trips: RoundTrip[]): TripCount {
  return {
    connect: trips.filter((t) => t.kind === "connect").length,
    session: trips.filter((t) => t.kind === "session").length,
    http: trips.filter((t) => t.kind === "http").length,
  };
}

/** Runs one request inside the counter; asserts its answer and returns its round trips. */
async function counted(expected: number, request: () => Promise<Response>) {
  const { result: res, trips } = await countRoundTrips(request);
  expect(res.status, await res.clone().text()).toBe(expected);
  return { res, trips, count: tally(trips) };
}

const listing = (trips: RoundTrip[]) => trips.map((t) => `${t.kind}: ${t.sql ?? ""}`).join("\n");

async function uploadAndGenerate(user: Awaited<ReturnType<typeof createTestUser>>) {
  const q = withRecordingQueue();
  const upload = await counted(201, () =>
    q.fetch("/api/headshots/upload", { method: "POST", headers: user.auth, body: photoForm(jpegBytes()) }),
  );
  const { id } = (await upload.res.json()) as { id: string };
  const generate = await counted(202, () => q.fetch(`/api/headshots/${id}/generate`, { method: "POST", headers: user.auth }));
  return { q, id, upload, generate };
}

describe("database round trips per request (issue 38)", () => {
  it("a free account's upload and generate, then the polled status and credits", async () => {
    const user = await createTestUser();
    const { q, id, upload, generate } = await uploadAndGenerate(user);
    expect(upload.count, listing(upload.trips)).toEqual(ROUND_TRIPS.upload);
    expect(generate.count, listing(generate.trips)).toEqual(ROUND_TRIPS.generateFree);
    expect(q.sent).toHaveLength(1);

    const status = await counted(200, () => q.fetch(`/api/headshots/${id}/status`, { headers: user.auth }));
    expect(await status.res.json()).toMatchObject({ status: "processing" });
    expect(status.count, listing(status.trips)).toEqual(ROUND_TRIPS.status);

    const credits = await counted(200, () => q.fetch("/api/users/credits", { headers: user.auth }));
    expect(await credits.res.json()).toEqual({ remaining: 1, totalUsed: 1, isVerified: true, teamSeat: false });
    expect(credits.count, listing(credits.trips)).toEqual(ROUND_TRIPS.credits);
  });

  it("a subscriber's generate (fair use counted, nothing charged)", async () => {
    const user = await createTestUser({ subscription: { planType: "monthly" } });
    const { generate } = await uploadAndGenerate(user);
    expect(generate.count, listing(generate.trips)).toEqual(ROUND_TRIPS.generateSubscriber);
  });

  it("the operator's Monitoring, figures and the dead-letter count go over SQL-over-HTTP: no WebSocket session opened", async () => {
    const op = await operatorAuth();
    const q = withRecordingQueue();
    for (const path of [
      "/api/admin/monitoring",
      "/api/admin/stats",
      "/api/admin/analytics/generations",
      "/api/admin/financials/profit-30d",
    ]) {
      const read = await counted(200, () => q.fetch(path, { headers: op.auth }));
      expect(read.count.connect + read.count.session, `${path}\n${listing(read.trips)}`).toBe(0);
      expect(read.count.http).toBeGreaterThan(0);
    }

    const batch = createMessageBatch<QueueMessage>("headshot-generations-dlq", [
      { id: "rt1", timestamp: new Date(), attempts: 6, body: { headshotId: crypto.randomUUID() } },
    ]);
    const { trips } = await countRoundTrips(() => handleQueueBatch(batch, env));
    expect(tally(trips), listing(trips)).toEqual({ connect: 0, session: 0, http: 1 });
  });
});
