/**
 * The outside audit's team billing findings (issue 35, decision 177): three seat changes at once answered
 * 500 (the local Stripe, like Stripe, refuses a second schedule for one subscription: "You cannot migrate
 * a subscription that is already attached to a schedule") and left our copy out of step with Stripe; and
 * `seats: "0x10"` was read as 16.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import { api, client, errorBody, testDb } from "../test/helpers";
import { json } from "../test/auth";
import { stripe, teamOwner } from "../test/billing";

async function stored(stripeSubscriptionId: string) {
  const { db, close } = testDb();
  try {
    return (await db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId)))[0]!;
  } finally {
    await close();
  }
}

describe("one team's billing changes run one at a time", () => {
  it("three seat changes at once: no 5xx, each answered, and our copy agrees with Stripe", async () => {
    const owner = await teamOwner(5);
    const answers = await Promise.all([4, 3, 2].map((seats) => client.team.seats.$post({ json: { seats } }, { headers: owner.auth })));
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(
      answers.map((a) => a.status),
      bodies.join("\n"),
    ).toEqual([200, 200, 200]);

    const [sub] = (await stripe().subscriptions.list({ customer: owner.customerId })).data;
    const schedule = typeof sub!.schedule === "string" ? await stripe().subscriptionSchedules.retrieve(sub!.schedule) : null;
    const ours = await stored(sub!.id);
    expect(ours.seats).toBe(sub!.items.data[0]!.quantity);
    const scheduled = schedule && schedule.status === "active" ? (schedule.phases.at(-1)!.items[0]!.quantity ?? null) : null;
    expect(ours.scheduledSeats).toBe(scheduled === ours.seats ? null : scheduled);
  });
});

describe("seats are whole numbers, strictly", () => {
  it('refuses "0x10", "1e1" and " 16" (400), where a hexadecimal string used to be read as 16', async () => {
    const owner = await teamOwner(2);
    for (const seats of ["0x10", "1e1", " 16", "", 3.5]) {
      const res = await api("/api/team/seats", json({ seats }, owner.auth));
      expect(res.status, String(seats)).toBe(400);
      expect((await errorBody(res)).message).toBe("seats: must be a whole number");
    }
    expect((await api("/api/team/seats-preview?seats=0x10", { headers: owner.auth })).status).toBe(400);
    // digits in a query string are still read
    expect((await api("/api/team/seats-preview?seats=3", { headers: owner.auth })).status).toBe(200);
  });
});
