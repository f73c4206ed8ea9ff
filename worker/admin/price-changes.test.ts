/**
 * POST /api/admin/price-changes refuses what breaks the rules (decision 093), each with a 4xx and the
 * sentence the form shows, and changes nothing. Requests that schedule a change, and what follows
 * (emails, Stripe schedules, the switch at renewal), are in worker/billing/flows.test.ts: they move the
 * shared Stripe clock and touch every subscriber of a plan.
 */
import { describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { priceChanges } from "../../db/schema";
import { PRICE_CHANGE_HORIZON_DAYS, PRICE_CHANGE_NOTICE_DAYS } from "../../domain/plans";
import { api, client, createTestUser, errorBody, postPriceChange } from "../test/helpers";
import { operatorAuth, withTestDb } from "../test/admin";
import { longDate as dateText } from "../../domain/words";
import { earliestEffectiveDate, latestEffectiveDate } from "../billing";

const day = (d: Date) => d.toISOString().slice(0, 10);
const inDays = (n: number) => day(new Date(Date.now() + n * 86_400_000));

const schedule = (
  auth: Record<string, string>,
  body: { planType: "weekly" | "monthly" | "yearly"; amountCents: number; effectiveDate: string },
) => postPriceChange({ json: body }, { headers: auth });
/** Raw: bodies the contract refuses. */
const scheduleRaw = (auth: Record<string, string>, body: unknown) =>
  api("/api/admin/price-changes", { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify(body) });

const changes = () => withTestDb(async (db) => (await db.select({ n: count() }).from(priceChanges))[0]!.n);

describe("POST /api/admin/price-changes: the rules", () => {
  it("refuses anyone but the operator (403) and anonymous (401)", async () => {
    const someone = await createTestUser({ subscription: { planType: "monthly" } });
    const body = { planType: "monthly", amountCents: 3499, effectiveDate: inDays(60) } as const;
    expect((await schedule({}, body)).status).toBe(401);
    const res = await schedule(someone.auth, body);
    expect(res.status).toBe(403);
    expect((await errorBody(res)).message).toBe("You don't have permission to access this page.");
  });

  it("refuses a date less than 30 days ahead, naming the earliest day", async () => {
    const op = await operatorAuth();
    const before = await changes();
    for (const effectiveDate of [inDays(-1), inDays(0), inDays(PRICE_CHANGE_NOTICE_DAYS - 1)]) {
      const res = await schedule(op.auth, { planType: "monthly", amountCents: 3499, effectiveDate });
      expect(res.status, effectiveDate).toBe(400);
      const { message } = await errorBody(res);
      expect(message).toMatch(/at least 30 days from today/);
      expect(message).toContain(dateText(earliestEffectiveDate(new Date())));
    }
    expect(await changes()).toBe(before);
  });

  it("refuses a date more than a year ahead (9999-12-31 included), naming the last day; the same server clock as the earliest (decision 195)", async () => {
    const op = await operatorAuth();
    const before = await changes();
    for (const effectiveDate of [inDays(PRICE_CHANGE_HORIZON_DAYS + 2), "9999-12-31"]) {
      const res = await schedule(op.auth, { planType: "monthly", amountCents: 3499, effectiveDate });
      expect(res.status, effectiveDate).toBe(400);
      expect((await errorBody(res)).message).toBe(
        `The new price must start within a year from today: ${dateText(latestEffectiveDate(new Date()))} at the latest.`,
      );
    }
    expect(await changes()).toBe(before);
    const listed = await (await client.admin["price-changes"].$get({}, { headers: op.auth })).json();
    expect(listed.latestEffectiveDate).toBe(day(latestEffectiveDate(new Date())));
  });

  it("the last day is midnight UTC a year after today, whatever the hour", () => {
    expect(latestEffectiveDate(new Date("2026-11-25T00:00:00Z")).toISOString()).toBe("2027-11-25T00:00:00.000Z");
    expect(latestEffectiveDate(new Date("2026-11-25T23:59:00Z")).toISOString()).toBe("2027-11-25T00:00:00.000Z");
  });

  it("the earliest day is midnight UTC at least 30 days ahead", () => {
    expect(earliestEffectiveDate(new Date("2026-11-25T00:00:00Z")).toISOString()).toBe("2026-12-25T00:00:00.000Z");
    expect(earliestEffectiveDate(new Date("2026-11-25T03:10:00Z")).toISOString()).toBe("2026-12-26T00:00:00.000Z");
  });

  it("refuses an unknown plan, a price of zero or less, a fraction of a cent, a bad date", async () => {
    const op = await operatorAuth();
    const before = await changes();
    const cases: [unknown, RegExp][] = [
      [{ planType: "daily", amountCents: 3499, effectiveDate: inDays(60) }, /^planType: must be one of weekly, monthly, yearly, team$/],
      [{ planType: "monthly", amountCents: 0, effectiveDate: inDays(60) }, /^amountCents: must be more than 0/],
      [{ planType: "monthly", amountCents: -100, effectiveDate: inDays(60) }, /^amountCents: must be more than 0/],
      [{ planType: "monthly", amountCents: 34.5, effectiveDate: inDays(60) }, /^amountCents: must be a whole number of cents$/],
      [{ planType: "monthly", amountCents: "3499", effectiveDate: inDays(60) }, /^amountCents: must be a whole number of cents$/],
      [{ planType: "monthly", amountCents: 3499, effectiveDate: "next month" }, /^effectiveDate: must be a date \(YYYY-MM-DD\)$/],
      [{ planType: "monthly", amountCents: 3499 }, /^effectiveDate: /],
    ];
    for (const [body, message] of cases) {
      const res = await scheduleRaw(op.auth, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorBody(res)).message).toMatch(message);
    }
    expect(await changes()).toBe(before);
  });

  it("refuses the price the plan already has", async () => {
    const op = await operatorAuth();
    const plans = (await (await client.stripe.plans.$get({})).json()).plans as { id: string; amountCents: number }[];
    const weekly = plans.find((p) => p.id === "weekly")!;
    const res = await schedule(op.auth, { planType: "weekly", amountCents: weekly.amountCents, effectiveDate: inDays(60) });
    expect(res.status).toBe(400);
    expect((await errorBody(res)).message).toMatch(/^The Weekly plan already costs €9\.99\.$/);
  });

  it("GET lists the changes for the operator only", async () => {
    const op = await operatorAuth();
    const res = await client.admin["price-changes"].$get({}, { headers: op.auth });
    expect(res.status).toBe(200);
    expect(Array.isArray((await res.json()).priceChanges)).toBe(true);
  });
});
