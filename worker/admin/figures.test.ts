/**
 * Every figure against a hand computation on a seeded ledger (issue 10). The ledger lives in 2000–2001
 * and the figures are taken "as of" NOW = 2001-06-15 12:00 UTC, so only the ledger's rows count, not the
 * rows other tests of this file make today (each file has a database of its own: docs/decisions/003-test-worlds.md).
 * Rows dated after NOW are in the ledger too, to prove they are left out. The routes are checked with from/to
 * windows inside the ledger, where they answer the same exact figures.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { TransactionRollbackError } from "drizzle-orm";
import { headshots, invoices, priceChanges, refunds, subscriptions, teamMembers, teams, userDayTotals, users } from "../../db/schema";
import { planById, TEAM_PLAN } from "../../domain/plans";
import { billedAs, client, createTestUser, env, uniqueEmail } from "../test/helpers";
import { at, operatorAuth, withTestDb } from "../test/admin";
import * as figures from "./figures";
import { financialsCsv } from "./export";
import { allUsers } from "./users";
import { getConfig } from "../config";

const NOW = at("2001-06-15T12:00:00Z");
const tag = crypto.randomUUID().slice(0, 8);

type Plan = "weekly" | "monthly" | "yearly";
const ids: Record<string, string> = {};

beforeAll(async () => {
  await withTestDb(async (db) => {
    const user = async (name: string, createdAt: string) => {
      const [row] = await db
        .insert(users)
        .values({ email: uniqueEmail(`ledger-${name}`), firstName: name, createdAt: at(createdAt) })
        .returning();
      ids[name] = row!.id;
    };
    await user("u1", "2000-07-10T08:00:00Z");
    await user("u2", "2000-03-05T08:00:00Z"); // before the 12 cohort months
    await user("u3", "2001-01-20T08:00:00Z");
    await user("u4", "2001-05-20T08:00:00Z"); // new: within the last 30 days
    await user("u5", "2001-06-02T08:00:00Z"); // this month
    await user("u6", "2001-06-10T08:00:00Z"); // this month
    await user("u7", "2001-07-01T08:00:00Z"); // after NOW: left out

    const shot = (
      u: string,
      createdAt: string,
      status: "pending" | "processing" | "completed" | "failed",
      durationMs: number | null,
      costCents: number | null,
    ) => ({
      userId: ids[u]!,
      style: "LinkedIn",
      status,
      durationMs,
      costCents,
      createdAt: at(createdAt),
      originalKey: `ledger/${crypto.randomUUID()}`,
      originalMime: "image/jpeg",
      encryptionKeyId: "t1",
    });
    await db.insert(headshots).values([
      shot("u1", "2001-06-14T09:00:00Z", "completed", 4000, 4),
      shot("u1", "2001-06-14T10:00:00Z", "completed", 6000, 4),
      shot("u3", "2001-06-01T10:00:00Z", "failed", null, null),
      shot("u3", "2001-05-20T10:00:00Z", "completed", 5000, 5),
      shot("u4", "2001-04-01T10:00:00Z", "completed", 1000, 4), // outside the 30 days
      shot("u4", "2001-06-15T11:00:00Z", "processing", null, null),
      shot("u5", "2001-06-10T10:00:00Z", "pending", null, null), // an upload never generated: not a headshot yet
      shot("u1", "2001-07-02T10:00:00Z", "completed", 9000, 100), // after NOW
    ]);

    const sub = (name: string, u: string, plan: Plan, status: string, createdAt: string, periodEnd: string, canceledAt?: string) => ({
      userId: ids[u]!,
      stripeSubscriptionId: `sub_ledger_${tag}_${name}`,
      stripePriceId: `price_${plan}`,
      planType: plan,
      ...billedAs(plan),
      status,
      createdAt: at(createdAt),
      currentPeriodStart: at(createdAt),
      currentPeriodEnd: at(periodEnd),
      canceledAt: canceledAt ? at(canceledAt) : null,
    });
    await db.insert(subscriptions).values([
      sub("s1", "u1", "monthly", "active", "2001-01-01T00:00:00Z", "2001-07-01T00:00:00Z"),
      sub("s2", "u3", "weekly", "active", "2001-06-01T00:00:00Z", "2001-06-20T00:00:00Z"), // started within the churn period
      sub("s3", "u4", "yearly", "past_due", "2000-12-01T00:00:00Z", "2001-12-01T00:00:00Z"),
      sub("s4", "u2", "monthly", "canceled", "2000-06-01T00:00:00Z", "2001-06-05T00:00:00Z", "2001-06-05T00:00:00Z"),
      sub("s5", "u6", "yearly", "active", "2000-01-01T00:00:00Z", "2001-01-01T00:00:00Z"), // period over: ended
      sub("s6", "u5", "monthly", "canceled", "2001-02-01T00:00:00Z", "2001-03-01T00:00:00Z", "2001-03-01T00:00:00Z"),
      sub("s7", "u1", "weekly", "active", "2001-07-01T00:00:00Z", "2001-07-08T00:00:00Z"), // after NOW
      sub("s8", "u6", "yearly", "active", "2001-03-01T00:00:00Z", "2002-03-01T00:00:00Z"),
      sub("s9", "u2", "weekly", "canceled", "2001-04-01T00:00:00Z", "2001-06-12T00:00:00Z", "2001-06-12T00:00:00Z"),
      sub("s10", "u5", "monthly", "active", "2001-05-01T00:00:00Z", "2001-07-01T00:00:00Z"),
    ]);

    // A team (issue 25), owned by u1: t1 live with 3 seats, t2 canceled within the churn period, t3 after NOW.
    const [team] = await db
      .insert(teams)
      .values({ name: `Ledger ${tag}`, ownerUserId: ids.u1!, createdAt: at("2001-01-10T00:00:00Z") })
      .returning();
    const teamSub = (name: string, seats: number, status: string, createdAt: string, periodEnd: string, canceledAt?: string) => ({
      teamId: team!.id,
      stripeSubscriptionId: `sub_ledger_${tag}_${name}`,
      stripePriceId: "price_team",
      planType: "team" as const,
      status,
      ...billedAs("team", seats),
      createdAt: at(createdAt),
      currentPeriodStart: at(createdAt),
      currentPeriodEnd: at(periodEnd),
      canceledAt: canceledAt ? at(canceledAt) : null,
    });
    await db.insert(subscriptions).values([
      teamSub("t1", 3, "active", "2001-03-01T00:00:00Z", "2001-07-01T00:00:00Z"),
      teamSub("t2", 2, "canceled", "2001-01-15T00:00:00Z", "2001-06-01T00:00:00Z", "2001-06-01T00:00:00Z"),
      teamSub("t3", 5, "active", "2001-07-01T00:00:00Z", "2001-08-01T00:00:00Z"), // after NOW
    ]);
    // its owner u1 and a member u4 (whose own plan is past_due): both have a paid seat (issue 37)
    await db.insert(teamMembers).values([
      { teamId: team!.id, userId: ids.u1!, role: "owner", joinedAt: at("2001-01-10T00:00:00Z") },
      { teamId: team!.id, userId: ids.u4!, role: "member", joinedAt: at("2001-03-02T00:00:00Z") },
    ]);

    const inv = (name: string, u: string | null, plan: Plan | null, amountCents: number, paidAt: string, status = "paid") => ({
      userId: u ? ids[u]! : null,
      stripeInvoiceId: `in_ledger_${tag}_${name}`,
      planType: plan,
      amountCents,
      status,
      paidAt: at(paidAt),
    });
    await db.insert(invoices).values([
      inv("i1", "u1", "monthly", 2999, "2001-01-01T00:00:00Z"),
      inv("i2", "u1", "monthly", 2999, "2001-06-01T00:00:00Z"),
      inv("i3", "u3", "weekly", 999, "2001-06-01T00:30:00Z"),
      inv("i4", "u4", "yearly", 6000, "2000-12-01T00:00:00Z"),
      inv("i5", "u5", "monthly", 2999, "2001-05-01T00:00:00Z"),
      inv("i6", "u5", "monthly", 2999, "2001-06-01T01:00:00Z"),
      inv("i7", "u3", "weekly", 999, "2001-06-10T00:00:00Z", "open"), // not paid
      inv("i8", null, null, 500, "2001-06-02T00:00:00Z"), // a price that is none of ours, owner deleted
      inv("i9", "u1", "monthly", 2999, "2001-07-02T00:00:00Z"), // after NOW
      {
        ...inv("i10", "u1", null, 3 * 1999, "2001-06-04T00:00:00Z"),
        stripeSubscriptionId: `sub_ledger_${tag}_t1`,
        planType: "team" as const,
      }, // the team's renewal: 3 seats
    ]);
    await db.insert(refunds).values([
      {
        stripeRefundId: `re_ledger_${tag}_r1`,
        userId: ids.u5!,
        stripeInvoiceId: `in_ledger_${tag}_i6`,
        amountCents: 2999,
        refundedAt: at("2001-06-03T00:00:00Z"),
      },
      {
        stripeRefundId: `re_ledger_${tag}_r2`,
        userId: ids.u4!,
        stripeInvoiceId: `in_ledger_${tag}_i4`,
        amountCents: 400,
        refundedAt: at("2001-06-05T00:00:00Z"),
        reason: "=cmd|' /C calc'!A0",
      },
    ]);
  });
});

describe("admin figures on the seeded ledger (as of 2001-06-15 12:00 UTC)", () => {
  it("stats: users and headshots in total and this month, active (entitled) and all subscriptions", async () => {
    // users u1–u6; this month u5, u6. Headshots: every generated one before NOW (6); this month 4.
    // Active: s1, s2, s8, s10 and the team's t1 (s3 is past_due, s5's period is over, t2 canceled). All: 9
    // people's and 2 teams' (s7 and t3 are after NOW): a team's subscription counts like a person's (issue 37).
    expect(await withTestDb((db) => figures.stats(db, NOW))).toEqual({
      totalUsers: 6,
      usersThisMonth: 2,
      totalHeadshots: 6,
      headshotsThisMonth: 4,
      activeSubscriptions: 5,
      totalSubscriptions: 11,
    });
  });

  it("user analytics: total, new in the last 30 days, and 12 monthly cohorts", async () => {
    const a = await withTestDb((db) => figures.userAnalytics(db, NOW));
    expect(a.total).toBe(6);
    expect(a.new).toBe(3); // u4 (05-20), u5, u6; the window starts 2001-05-16 12:00
    const months = [
      "2000-07",
      "2000-08",
      "2000-09",
      "2000-10",
      "2000-11",
      "2000-12",
      "2001-01",
      "2001-02",
      "2001-03",
      "2001-04",
      "2001-05",
      "2001-06",
    ];
    const counts: Record<string, number> = { "2000-07": 1, "2001-01": 1, "2001-05": 1, "2001-06": 2 };
    expect(a.cohorts).toEqual(months.map((month) => ({ month, count: counts[month] ?? 0 })));
  });

  it("generation analytics: totals, average time of completed ones, cost, and 30 days of successes and failures", async () => {
    const g = await withTestDb((db) => figures.generationAnalytics(db, NOW));
    // completed 4000, 6000, 5000, 1000 → average 4000; cost 4 + 4 + 5 + 4
    expect({ ...g, daily: undefined }).toEqual({
      total: 6,
      successful: 4,
      failed: 1,
      avgTimeMs: 4000,
      totalCostCents: 17,
      daily: undefined,
    });
    expect(g.daily).toHaveLength(30);
    expect(g.daily[0]!.date).toBe("2001-05-17");
    expect(g.daily[29]!.date).toBe("2001-06-15");
    const nonZero = g.daily.filter((d) => d.successful || d.failed);
    expect(nonZero).toEqual([
      { date: "2001-05-20", successful: 1, failed: 0 },
      { date: "2001-06-01", successful: 0, failed: 1 },
      { date: "2001-06-14", successful: 2, failed: 0 },
    ]);
  });

  it("users by plan: entitled subscribers per plan and the free rest", async () => {
    expect(await withTestDb((db) => figures.usersByPlan(db, NOW))).toEqual([
      { planType: "weekly", count: 1 }, // u3 (s2)
      { planType: "monthly", count: 2 }, // u1 (s1), u5 (s10)
      { planType: "yearly", count: 1 }, // u6 (s8)
      { planType: "team", count: 2 }, // u1 (also monthly) and u4, seats of the team's t1
      { planType: "free", count: 1 }, // u2 (u4's own plan is past_due, but their seat is paid)
    ]);
  });

  it("MRR over active and past_due subscriptions whose period has not ended, a team's as seats × price; ARR is twelve times it", async () => {
    // s1 monthly 2999 + s2 weekly 999 × 52 / 12 = 4329 + s3 past_due yearly 6000 / 12 = 500 + s8 yearly 500 + s10 monthly 2999
    // = 11,327; and the team's t1: 3 seats × 1999 = 5997 (t2 canceled, t3 after NOW)
    const mrr = await withTestDb((db) => figures.mrr(db, NOW));
    expect(mrr).toBe(17_324);
  });

  it("MRR is computed from the amounts stored with the subscriptions: editing a launch price in domain/plans.ts moves nothing (issue 37)", async () => {
    const before = await withTestDb((db) => figures.mrr(db, NOW));
    const monthly = planById("monthly") as { priceCents: number };
    const team = TEAM_PLAN as { pricePerSeatCents: number };
    const [oldMonthly, oldSeat] = [monthly.priceCents, team.pricePerSeatCents];
    monthly.priceCents = 3999;
    team.pricePerSeatCents = 2999;
    try {
      expect(await withTestDb((db) => figures.mrr(db, NOW))).toBe(before);
      expect(before).toBe(17_324);
    } finally {
      monthly.priceCents = oldMonthly;
      team.pricePerSeatCents = oldSeat;
    }
  });

  it("MRR sums before rounding: three weekly subscriptions are 999 × 52 / 12 × 3 = 12,987 cents", async () => {
    // A window of its own in 1990, so only these three count.
    const when = at("1990-02-01T00:00:00Z");
    await withTestDb(async (db) => {
      const [u] = await db
        .insert(users)
        .values({ email: uniqueEmail("mrr"), createdAt: at("1990-01-01T00:00:00Z") })
        .returning();
      await db.insert(subscriptions).values(
        [0, 1, 2].map((k) => ({
          userId: u!.id,
          stripeSubscriptionId: `sub_mrr_${tag}_${k}`,
          stripePriceId: "price_weekly",
          planType: "weekly" as const,
          ...billedAs("weekly"),
          status: "active",
          createdAt: at("1990-01-10T00:00:00Z"),
          currentPeriodEnd: at("1990-02-05T00:00:00Z"),
        })),
      );
      // 1990 sees none of the 2000–2001 ledger
      expect(await figures.mrr(db, when)).toBe(12_987);
    });
  });

  it("churn over [2001-05-16 12:00, NOW): cancellations against the subscriptions live in the period", async () => {
    // active at start: s1, s3, s4, s8, s9, s10 (s5's period and s6 had ended) and the team's t1, t2 = 8; live in
    // the period: those and s2, which started within it = 9; canceled within: s4 (06-05), s9 (06-12) and the
    // team's t2 (06-01) = 3 → 33.33 %
    const c = await withTestDb((db) => figures.churn(db, figures.last30Days(NOW)));
    expect(c).toEqual({ churnRate: 33.33, cancellations: 3, activeAtStart: 8, from: "2001-05-16T12:00:00.000Z", to: NOW.toISOString() });
  });

  it("revenue by plan: paid invoices minus refunds, all time up to NOW and over a period", async () => {
    // monthly i1 + i2 + i5 + i6 − r1 = 4 × 2999 − 2999; weekly i3; yearly i4 − r2; team: the team's i10, 3 seats
    // × 1999; other i8. i7 is open, i9 after NOW.
    expect(await withTestDb((db) => figures.revenueByPlan(db, { to: NOW }))).toEqual([
      { planType: "weekly", revenue: 999 },
      { planType: "monthly", revenue: 8997 },
      { planType: "yearly", revenue: 5600 },
      { planType: "team", revenue: 5997 },
      { planType: "other", revenue: 500 },
    ]);
  });

  it("profit of the last 30 days and profit against MRR", async () => {
    // revenue since 05-16 12:00: i2 2999 + i3 999 + i6 2999 + i8 500 + the team's i10 5997 − r1 2999 − r2 400 = 10,095;
    // cost 4 + 4 + 5 = 13
    expect(await withTestDb((db) => figures.profit30d(db, NOW))).toEqual({ profitCents: 10_082, revenueCents: 10_095, costCents: 13 });
    expect(await withTestDb((db) => figures.profitMrr(db, NOW))).toEqual({
      profitCents: 17_311,
      mrrCents: 17_324,
      estMonthlyCostCents: 13,
    });
  });
});

describe("the financial routes with a from/to window inside the ledger", () => {
  const window = "from=2001-06-01T00:00:00Z&to=2001-06-15T12:00:00Z";

  it("GET /financials/revenue-by-plan answers the window's exact revenue", async () => {
    const op = await operatorAuth();
    const res = await client.admin.financials["revenue-by-plan"].$get(
      { query: Object.fromEntries(new URLSearchParams(window)) },
      { headers: op.auth },
    );
    expect(res.status).toBe(200);
    // monthly i2 + i6 − r1; weekly i3; yearly −r2; team: the team's i10; other i8
    expect(await res.json()).toEqual([
      { planType: "weekly", revenue: 999 },
      { planType: "monthly", revenue: 2999 },
      { planType: "yearly", revenue: -400 },
      { planType: "team", revenue: 5997 },
      { planType: "other", revenue: 500 },
    ]);
  });

  it("GET /financials/churn answers the window's churn", async () => {
    const op = await operatorAuth();
    const res = await client.admin.financials.churn.$get(
      { query: { from: "2001-05-16T12:00:00Z", to: "2001-06-15T12:00:00Z" } },
      { headers: op.auth },
    );
    expect(await res.json()).toEqual({
      churnRate: 33.33,
      cancellations: 3,
      activeAtStart: 8,
      from: "2001-05-16T12:00:00.000Z",
      to: "2001-06-15T12:00:00.000Z",
    });
  });

  it("GET /export/financials.csv lists the window's invoices and refunds, parsed back by a CSV parser, formulas neutralised", async () => {
    const op = await operatorAuth();
    const res = await client.admin.export["financials.csv"].$get(
      { query: Object.fromEntries(new URLSearchParams(window)) },
      { headers: op.auth },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="financials.csv"');
    const text = await res.text();
    expect(text.split("\r\n")[0]).toBe(
      "date,type,stripe_id,stripe_invoice_id,user_email,plan,amount_cents,amount_eur,currency,billing_reason",
    );
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.date, r.type, r.stripe_id, r.plan, r.amount_cents, r.amount_eur])).toEqual([
      ["2001-06-01T00:00:00.000Z", "invoice", `in_ledger_${tag}_i2`, "monthly", "2999", "29.99"],
      ["2001-06-01T00:30:00.000Z", "invoice", `in_ledger_${tag}_i3`, "weekly", "999", "9.99"],
      ["2001-06-01T01:00:00.000Z", "invoice", `in_ledger_${tag}_i6`, "monthly", "2999", "29.99"],
      ["2001-06-02T00:00:00.000Z", "invoice", `in_ledger_${tag}_i8`, "", "500", "5.00"],
      ["2001-06-03T00:00:00.000Z", "refund", `re_ledger_${tag}_r1`, "monthly", "-2999", "-29.99"],
      ["2001-06-04T00:00:00.000Z", "invoice", `in_ledger_${tag}_i10`, "team", "5997", "59.97"],
      ["2001-06-05T00:00:00.000Z", "refund", `re_ledger_${tag}_r2`, "yearly", "-400", "-4.00"],
    ]);
    // the refund reason that looks like a formula is text again
    expect(rows[6]!.billing_reason).toBe("'=cmd|' /C calc'!A0");
    // i8's owner was deleted: said so, not left empty; the others' addresses are theirs
    expect(rows[3]!.user_email).toBe("deleted account");
    expect(rows[0]!.user_email).toMatch(/^ledger-u1-.*@/);
  });
});

describe("headshot_day_totals (the trigger-kept day totals behind the headshot figures)", () => {
  it("follows inserts, status moves, cost and time, a changed date and deletes, and agrees with the rows to the instant", async () => {
    // 1995, seen by no other test
    await withTestDb(async (db) => {
      const [u] = await db
        .insert(users)
        .values({ email: uniqueEmail("rollup"), createdAt: at("1995-01-01T00:00:00Z") })
        .returning();
      const base = { userId: u!.id, style: "Office", originalMime: "image/jpeg", encryptionKeyId: "t1" };
      const rows = await db
        .insert(headshots)
        .values(
          ["1995-02-01T10:00:00Z", "1995-02-01T23:59:59Z", "1995-02-02T00:00:00Z", "1995-02-03T08:00:00Z", "1995-02-05T12:00:00Z"].map(
            (t) => ({
              ...base,
              originalKey: `rollup/${crypto.randomUUID()}`,
              createdAt: at(t),
            }),
          ),
        )
        .returning({ id: headshots.id });
      const [a, b, c, d, e] = rows.map((r) => r.id) as [string, string, string, string, string];
      const set = (id: string, values: Partial<typeof headshots.$inferInsert>) =>
        db.update(headshots).set(values).where(eq(headshots.id, id));
      await set(a, { status: "processing" });
      await set(a, { status: "completed", durationMs: 3000, costCents: 4 });
      await set(b, { status: "processing" });
      await set(b, { status: "failed" });
      await set(c, { status: "processing" });
      await set(c, { status: "completed", durationMs: 5000, costCents: 6 });
      await set(c, { costCents: 7 }); // a corrected cost
      await set(d, { status: "processing" });
      await set(d, { status: "completed", durationMs: 1000, costCents: 4, createdAt: at("1995-02-04T08:00:00Z") }); // moved a day
      await set(e, { status: "processing" });
      await db.delete(headshots).where(eq(headshots.id, e));

      const now = at("1995-02-04T09:00:00Z"); // d (02-04 08:00) is in today's partial day
      const g = await figures.generationAnalytics(db, now);
      // a completed 3000/4, b failed, c completed 5000/7, d completed 1000/4
      expect({
        total: g.total,
        successful: g.successful,
        failed: g.failed,
        avgTimeMs: g.avgTimeMs,
        totalCostCents: g.totalCostCents,
      }).toEqual({ total: 4, successful: 3, failed: 1, avgTimeMs: 3000, totalCostCents: 15 });
      expect(g.daily.filter((x) => x.successful || x.failed)).toEqual([
        { date: "1995-02-01", successful: 1, failed: 1 },
        { date: "1995-02-02", successful: 1, failed: 0 },
        { date: "1995-02-04", successful: 1, failed: 0 },
      ]);
      // partial days at both ends: [02-01 12:00, 02-04 08:30) holds b, c and d, not a
      expect(await figures.generationCost(db, { from: at("1995-02-01T12:00:00Z"), to: at("1995-02-04T08:30:00Z") })).toBe(11);
      // within one day
      expect(await figures.generationCost(db, { from: at("1995-02-01T09:00:00Z"), to: at("1995-02-01T11:00:00Z") })).toBe(4);
      expect(await figures.generationCost(db, { from: at("1995-02-01T00:00:00Z"), to: at("1995-02-03T00:00:00Z") })).toBe(11);
      expect((await figures.stats(db, now)).totalHeadshots).toBe(4);
    });
  });
});

describe("invoice_day_totals (the trigger-kept day totals behind revenue)", () => {
  it("follows an invoice paid later, a corrected amount and a deleted invoice, exact at partial days", async () => {
    await withTestDb(async (db) => {
      const t = crypto.randomUUID().slice(0, 8);
      const inv = (name: string, amountCents: number, paidAt: string, status = "paid") => ({
        stripeInvoiceId: `in_rollup_${t}_${name}`,
        planType: "weekly" as const,
        amountCents,
        status,
        paidAt: at(paidAt),
      });
      await db
        .insert(invoices)
        .values([
          inv("a", 999, "1994-03-01T10:00:00Z"),
          inv("b", 999, "1994-03-02T10:00:00Z", "open"),
          inv("c", 999, "1994-03-03T10:00:00Z"),
        ]);
      await db
        .update(invoices)
        .set({ status: "paid" })
        .where(eq(invoices.stripeInvoiceId, `in_rollup_${t}_b`));
      await db
        .update(invoices)
        .set({ amountCents: 500 })
        .where(eq(invoices.stripeInvoiceId, `in_rollup_${t}_a`));
      await db.delete(invoices).where(eq(invoices.stripeInvoiceId, `in_rollup_${t}_c`));
      const weekly = async (from: string | undefined, to: string) =>
        (await figures.revenueByPlan(db, { from: from ? at(from) : undefined, to: at(to) })).find((r) => r.planType === "weekly")!.revenue;
      expect(await weekly("1994-01-01T00:00:00Z", "1994-04-01T00:00:00Z")).toBe(1499);
      expect(await weekly("1994-03-01T11:00:00Z", "1994-03-02T10:00:01Z")).toBe(999);
      expect(await weekly("1994-03-01T09:00:00Z", "1994-03-02T09:00:00Z")).toBe(500);
      expect(await weekly(undefined, "1994-03-02T12:00:00Z")).toBe(1499);
    });
  });
});

describe("export paging", () => {
  const read = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

  it("the financial CSV is the same read 2 rows a page as in one page (keyset across invoices and refunds)", async () => {
    const range = { from: at("2001-05-01T00:00:00Z"), to: at("2001-06-15T12:00:00Z") };
    const whole = await read(financialsCsv(getConfig(env), range));
    const paged = await read(financialsCsv(getConfig(env), range, 2));
    expect(paged).toBe(whole);
    expect((parse(whole, { columns: true }) as unknown[]).length).toBe(8); // i5, i2, i3, i6, i8, r1, i10, r2
  });

  it("the users export's pages neither skip nor repeat a user", async () => {
    const started = new Date();
    const ids = async (batch: number) => {
      const out: string[] = [];
      await withTestDb(async (db) => {
        for await (const page of allUsers(db, batch)) for (const u of page) if (new Date(u.createdAt) < started) out.push(u.id);
      });
      return out;
    };
    const [small, large] = [await ids(7), await ids(1000)];
    const both = new Set(small.filter((id) => large.includes(id)));
    expect(new Set(small).size).toBe(small.length);
    expect(small.filter((id) => both.has(id))).toEqual(large.filter((id) => both.has(id)));
    expect(both.size).toBeGreaterThan(7);
  });
});

describe("user_day_totals (the trigger-kept day totals behind the user counts)", () => {
  it("follows inserts, a changed sign-up date and deletes, and agrees with the rows to the instant", async () => {
    // 1996, seen by no other test
    await withTestDb(async (db) => {
      const created = [
        "1996-03-01T10:00:00Z",
        "1996-03-01T23:59:59Z",
        "1996-03-02T00:00:00Z",
        "1996-03-03T08:00:00Z",
        "1996-03-05T12:00:00Z",
      ];
      const rows = await db
        .insert(users)
        .values(created.map((t) => ({ email: uniqueEmail("user-days"), createdAt: at(t) })))
        .returning({ id: users.id });
      const [, , , d, e] = rows.map((r) => r.id) as [string, string, string, string, string];
      await db
        .update(users)
        .set({ createdAt: at("1996-03-04T08:00:00Z") })
        .where(eq(users.id, d)); // moved a day
      await db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, e)); // not a date change
      await db.delete(users).where(eq(users.id, e));

      const days = await db
        .select()
        .from(userDayTotals)
        .where(and(gte(userDayTotals.day, "1996-03-01"), lt(userDayTotals.day, "1996-04-01")));
      expect(Object.fromEntries(days.filter((r) => r.users !== 0).map((r) => [r.day, r.users]))).toEqual({
        "1996-03-01": 2,
        "1996-03-02": 1,
        "1996-03-04": 1,
      });

      // the counts, at instants inside days (partial days read from the rows) and on day boundaries
      const rowCount = async (from: Date | null, to: Date) =>
        Number(
          (
            await db.execute(
              sql`select count(*) as n from users where ${from ? sql`created_at >= ${from.toISOString()}::timestamptz and` : sql``} created_at < ${to.toISOString()}::timestamptz`,
            )
          ).rows[0]!.n,
        );
      for (const t of [
        "1996-03-01T10:00:00Z",
        "1996-03-01T10:00:00.001Z",
        "1996-03-02T00:00:00Z",
        "1996-03-04T08:00:00Z",
        "1996-03-04T09:00:00Z",
        "1996-03-06T00:00:00Z",
      ]) {
        const now = at(t);
        const s = await figures.stats(db, now);
        const a = await figures.userAnalytics(db, now);
        expect(s.totalUsers).toBe(await rowCount(null, now));
        expect(a.total).toBe(s.totalUsers);
        expect(s.usersThisMonth).toBe(await rowCount(figures.monthStart(now), now));
        expect(a.new).toBe(await rowCount(new Date(now.getTime() - 30 * 86_400_000), now));
        expect(a.cohorts.at(-1)).toEqual({ month: "1996-03", count: s.usersThisMonth });
      }
      // by hand: at 03-04 09:00 this month holds 03-01 ×2, 03-02 and d moved to 03-04 08:00 (today's partial day)
      expect((await figures.stats(db, at("1996-03-04T09:00:00Z"))).usersThisMonth).toBe(4);
      expect((await figures.stats(db, at("1996-03-04T08:00:00Z"))).usersThisMonth).toBe(3);
    });
  });
});

describe("users by plan over time (computed from the subscription rows as of each instant)", () => {
  it("follows a period that ends without any write, past_due, a plan change, two plans at once and a deleted user", async () => {
    // 1997, seen by no other test; the free count is every user before the instant (rows of other tests in this file included) minus these subscribers
    await withTestDb(async (db) => {
      const t = crypto.randomUUID().slice(0, 8);
      const made = await db
        .insert(users)
        .values(["a", "b", "c", "d"].map((n) => ({ email: uniqueEmail(`plans-${n}`), createdAt: at("1997-01-01T00:00:00Z") })))
        .returning({ id: users.id });
      const [a, b, c, d] = made.map((r) => r.id) as [string, string, string, string];
      const sub = (name: string, userId: string, plan: Plan, status: string, periodEnd: string | null) => ({
        userId,
        stripeSubscriptionId: `sub_plans_${t}_${name}`,
        stripePriceId: `price_${plan}`,
        planType: plan,
        ...billedAs(plan),
        status,
        createdAt: at("1997-02-01T00:00:00Z"),
        currentPeriodEnd: periodEnd ? at(periodEnd) : null,
      });
      await db.insert(subscriptions).values([
        sub("a", a, "monthly", "active", "1997-03-01T00:00:00Z"), // ends 03-01, nothing written then
        sub("b1", b, "weekly", "active", "1997-04-01T00:00:00Z"),
        sub("b2", b, "yearly", "trialing", null), // b holds two plans at once; no period end: entitled
        sub("c", c, "monthly", "past_due", "1997-04-01T00:00:00Z"), // grants nothing
        sub("d", d, "weekly", "active", "1997-04-01T00:00:00Z"),
      ]);
      const byPlan = async (when: string) => {
        const now = at(when);
        const users = Number(
          (await db.execute(sql`select count(*) as n from users where created_at < ${now.toISOString()}::timestamptz`)).rows[0]!.n,
        );
        const r = await figures.usersByPlan(db, now);
        const free = r.find((x) => x.planType === "free")!.count;
        return { ...Object.fromEntries(r.filter((x) => x.planType !== "free").map((x) => [x.planType, x.count])), nonFree: users - free };
      };
      // before any subscription existed
      expect(await byPlan("1997-01-15T00:00:00Z")).toEqual({ weekly: 0, monthly: 0, yearly: 0, team: 0, nonFree: 0 });
      // a, b (weekly and yearly: once among subscribers), d
      expect(await byPlan("1997-02-15T00:00:00Z")).toEqual({ weekly: 2, monthly: 1, yearly: 1, team: 0, nonFree: 3 });
      // a's period is over at 03-01 exactly: a is free again
      expect(await byPlan("1997-03-01T00:00:00Z")).toEqual({ weekly: 2, monthly: 0, yearly: 1, team: 0, nonFree: 2 });
      // d changes plan; c pays again
      await db
        .update(subscriptions)
        .set({ planType: "monthly", stripePriceId: "price_monthly" })
        .where(eq(subscriptions.stripeSubscriptionId, `sub_plans_${t}_d`));
      await db
        .update(subscriptions)
        .set({ status: "active" })
        .where(eq(subscriptions.stripeSubscriptionId, `sub_plans_${t}_c`));
      expect(await byPlan("1997-03-15T00:00:00Z")).toEqual({ weekly: 1, monthly: 2, yearly: 1, team: 0, nonFree: 3 });
      // b is deleted (their subscriptions go with them): one user fewer in all, the rest unchanged
      const before = await figures.usersByPlan(db, at("1997-03-15T00:00:00Z"));
      await db.delete(users).where(eq(users.id, b));
      expect(await byPlan("1997-03-15T00:00:00Z")).toEqual({ weekly: 0, monthly: 2, yearly: 0, team: 0, nonFree: 2 });
      const after = await figures.usersByPlan(db, at("1997-03-15T00:00:00Z"));
      expect(after.find((x) => x.planType === "free")!.count).toBe(before.find((x) => x.planType === "free")!.count);
    });
  });
});

describe("average likeness per style (issue 26)", () => {
  // Rows created in 1993: no other test file's rows fall in this window (decision 003).
  it("averages the reported likeness per style over the range, leaving out unmeasured headshots and other styles", async () => {
    await withTestDb(async (db) => {
      const [u] = await db
        .insert(users)
        .values({ email: uniqueEmail("likeness"), createdAt: at("1993-01-01T00:00:00Z") })
        .returning();
      const shot = (style: string, likeness: number | null, createdAt: string) => ({
        userId: u!.id,
        style,
        status: "completed" as const,
        likeness,
        createdAt: at(createdAt),
        originalKey: `likeness/${crypto.randomUUID()}`,
        originalMime: "image/jpeg",
        encryptionKeyId: "t1",
      });
      await db.insert(headshots).values([
        shot("Suit", 80, "1993-03-01T10:00:00Z"),
        shot("Suit", 61, "1993-03-02T10:00:00Z"),
        shot("Suit", 70, "1993-03-03T10:00:00Z"),
        shot("Suit", null, "1993-03-03T11:00:00Z"), // never measured: not counted
        shot("Speaker", 35, "1993-03-04T10:00:00Z"),
        shot("Speaker", 50, "1993-04-10T10:00:00Z"), // after the range below
      ]);
      const range = { from: at("1993-03-01T00:00:00Z"), to: at("1993-04-01T00:00:00Z") };
      // Suit: (80 + 61 + 70) / 3 = 70.33… → 70.3
      expect(await figures.likenessByStyle(db, range)).toEqual([
        { style: "Speaker", measured: 1, averageLikeness: 35 },
        { style: "Suit", measured: 3, averageLikeness: 70.3 },
      ]);

      const op = await operatorAuth();
      const res = await client.admin.analytics.likeness.$get({ query: { from: "1993-03-01", to: "1993-05-01" } }, { headers: op.auth });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([
        { style: "Speaker", measured: 2, averageLikeness: 42.5 },
        { style: "Suit", measured: 3, averageLikeness: 70.3 },
      ]);
      // operator only, and a bad range is a 400
      const someone = await createTestUser();
      expect((await client.admin.analytics.likeness.$get({ query: {} }, { headers: someone.auth })).status).toBe(403);
      expect(
        (await client.admin.analytics.likeness.$get({ query: { from: "1993-05-01", to: "1993-03-01" } }, { headers: op.auth })).status,
      ).toBe(400);
    });
  });
});

describe("churn on a day of cancellations (issue 23: the card said 0 on a day with 3)", () => {
  it("counts every subscription canceled in the period, those that started within it too, against all live in it", async () => {
    // 1993, seen by no other test
    await withTestDb(async (db) => {
      const t = crypto.randomUUID().slice(0, 8);
      const made = await db
        .insert(users)
        .values(["a", "b", "c", "d", "e"].map((n) => ({ email: uniqueEmail(`churn-${n}`), createdAt: at("1993-01-01T00:00:00Z") })))
        .returning({ id: users.id });
      const [a, b, c, d, e] = made.map((r) => r.id) as [string, string, string, string, string];
      const sub = (
        name: string,
        userId: string,
        plan: Plan,
        status: string,
        createdAt: string,
        periodEnd: string,
        canceledAt?: string,
      ) => ({
        userId,
        stripeSubscriptionId: `sub_churn_${t}_${name}`,
        stripePriceId: `price_${plan}`,
        planType: plan,
        ...billedAs(plan),
        status,
        createdAt: at(createdAt),
        currentPeriodStart: at(createdAt),
        currentPeriodEnd: at(periodEnd),
        canceledAt: canceledAt ? at(canceledAt) : null,
      });
      await db.insert(subscriptions).values([
        // three cancellations on 1993-03-10: a money-back refund and a same-day cancel end at once; c at its period end
        sub("a", a, "monthly", "canceled", "1993-02-20T09:00:00Z", "1993-03-20T09:00:00Z", "1993-03-10T10:00:00Z"),
        sub("b", b, "weekly", "canceled", "1993-03-10T08:00:00Z", "1993-03-17T08:00:00Z", "1993-03-10T09:00:00Z"),
        sub("c", c, "weekly", "canceled", "1993-02-08T12:00:00Z", "1993-03-10T12:00:00Z", "1993-03-10T12:00:00Z"),
        sub("d", d, "yearly", "active", "1993-01-05T00:00:00Z", "1994-01-05T00:00:00Z"), // live throughout
        sub("e", e, "monthly", "canceled", "1993-01-02T00:00:00Z", "1993-02-02T00:00:00Z", "1993-02-02T00:00:00Z"), // ended before
      ]);
      // the one day [03-10, 03-11): live in it a, b, c, d (4); active at its start a, c, d; canceled in it a, b, c
      expect(await figures.churn(db, { from: at("1993-03-10T00:00:00Z"), to: at("1993-03-11T00:00:00Z") })).toMatchObject({
        cancellations: 3,
        activeAtStart: 3,
        churnRate: 75,
      });
      // the default window, the last 30 days before 03-10 23:00: from 02-08 23:00, when only c and d were live
      expect(await figures.churn(db, figures.last30Days(at("1993-03-10T23:00:00Z")))).toMatchObject({
        cancellations: 3,
        activeAtStart: 2,
        churnRate: 75,
      });
      // a period before any cancellation
      expect(await figures.churn(db, { from: at("1993-02-10T00:00:00Z"), to: at("1993-02-11T00:00:00Z") })).toMatchObject({
        cancellations: 0,
        activeAtStart: 2,
        churnRate: 0,
      });
    });
  });
});

describe("MRR after a price change (decision 093)", () => {
  it("counts what each subscription pays: a new price's subscribers at the new amount, the others at the launch price", async () => {
    const when = at("1989-02-01T00:00:00Z");
    let mrr: number | undefined;
    await withTestDb((db) =>
      db
        .transaction(async (tx) => {
          // In a transaction that is rolled back: a price change is seen by every plan lookup while it exists.
          const [u] = await tx
            .insert(users)
            .values({ email: uniqueEmail("mrr-price"), createdAt: at("1989-01-01T00:00:00Z") })
            .returning();
          await tx.insert(priceChanges).values({
            planType: "weekly",
            oldAmountCents: 999,
            newAmountCents: 1299,
            currency: "eur",
            oldStripePriceId: "price_weekly",
            stripePriceId: `price_new_weekly_${tag}`,
            effectiveAt: at("1989-01-05T00:00:00Z"),
            createdByEmail: "operator@headshot.test",
          });
          await tx.insert(subscriptions).values(
            [`price_new_weekly_${tag}`, "price_weekly"].map((price, k) => ({
              userId: u!.id,
              stripeSubscriptionId: `sub_mrr_price_${tag}_${k}`,
              stripePriceId: price,
              planType: "weekly" as const,
              // the amount each pays, as Stripe's subscription says (stored by the sync)
              ...billedAs("weekly"),
              amountCents: price === "price_weekly" ? 999 : 1299,
              status: "active",
              createdAt: at("1989-01-10T00:00:00Z"),
              currentPeriodEnd: at("1989-02-05T00:00:00Z"),
            })),
          );
          mrr = await figures.mrr(tx as unknown as Parameters<typeof figures.mrr>[0], when);
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof TransactionRollbackError)) throw err;
        }),
    );
    // (999 + 1299) × 52 / 12 = 9,958
    expect(mrr).toBe(9_958);
  });
});
