/** Which subscription the app shows (decision 091): live over ended, then newest, then Stripe's id. */
import { describe, expect, it } from "vitest";
import { subscriptions } from "../../db/schema";
import { billedAs, createTestUser, testDb } from "../test/helpers";
import { hasActiveSubscription, shownSubscription } from "./subscription";

const SAME_SECOND = new Date("2026-03-01T10:00:00Z");
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
const PAST = new Date(Date.now() - 86_400_000);

async function shownAmong(rows: { id: string; status: string; periodEnd?: Date; createdAt?: Date }[]) {
  const { user } = await createTestUser();
  const { db, close } = testDb();
  try {
    // inserted in the order given: the answer must not depend on it
    for (const r of rows) {
      await db.insert(subscriptions).values({
        userId: user.id,
        stripeSubscriptionId: `${r.id}_${user.id.slice(0, 8)}`,
        stripePriceId: "price_x",
        planType: "monthly",
        ...billedAs("monthly"),
        status: r.status,
        currentPeriodEnd: r.periodEnd ?? FUTURE,
        createdAt: r.createdAt ?? SAME_SECOND,
      });
    }
    const shown = await shownSubscription(db, user.id);
    return {
      id: shown?.stripeSubscriptionId.split("_").slice(0, 2).join("_"),
      entitled: shown?.entitled,
      active: await hasActiveSubscription(db, user.id),
    };
  } finally {
    await close();
  }
}

describe("shownSubscription", () => {
  it("prefers the live one over an ended one of the same second, whichever was written first", async () => {
    expect(
      await shownAmong([
        { id: "sub_a", status: "canceled" },
        { id: "sub_b", status: "active" },
      ]),
    ).toEqual({ id: "sub_b", entitled: true, active: true });
    expect(
      await shownAmong([
        { id: "sub_b", status: "active" },
        { id: "sub_a", status: "canceled" },
      ]),
    ).toEqual({ id: "sub_b", entitled: true, active: true });
  });

  it("shows a failed payment (past_due) before an ended subscription, without paid features", async () => {
    const later = new Date(SAME_SECOND.getTime() + 60_000);
    expect(
      await shownAmong([
        { id: "sub_a", status: "past_due" },
        { id: "sub_b", status: "canceled", createdAt: later },
      ]),
    ).toEqual({ id: "sub_a", entitled: false, active: false });
  });

  it("an active subscription whose period is over is ended; ties are broken by Stripe's id, not row order", async () => {
    expect(
      await shownAmong([
        { id: "sub_z", status: "active", periodEnd: PAST },
        { id: "sub_y", status: "active" },
      ]),
    ).toMatchObject({ id: "sub_y", entitled: true });
    expect(
      await shownAmong([
        { id: "sub_a", status: "canceled" },
        { id: "sub_c", status: "canceled" },
        { id: "sub_b", status: "canceled" },
      ]),
    ).toMatchObject({ id: "sub_c", entitled: false });
    expect(
      await shownAmong([
        { id: "sub_c", status: "canceled" },
        { id: "sub_a", status: "canceled" },
      ]),
    ).toMatchObject({ id: "sub_c" });
  });

  it("is null for someone who never subscribed", async () => {
    expect(await shownAmong([])).toEqual({ id: undefined, entitled: undefined, active: false });
  });
});
