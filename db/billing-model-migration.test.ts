/**
 * Migration 0030 (issue 49, decisions 346 and 348): one plan enum, one pending change, one money-back column. A
 * database at 0029 with rows of every old shape comes out with the same facts in the new ones: a pending downgrade
 * on its subscription's row (and every old row in the audit log), each Team invoice recorded as the Team plan with
 * the day totals unmoved, both money-back times in the one column. Run twice, it changes nothing more. On real
 * PostgreSQL when TEST_DATABASE_URL is set (a fresh database of its own), else PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Pool } from "@neondatabase/serverless";
import type { LocalDatabase } from "../dev/postgres";
import { migrateDatabase, migrationsFolder } from "./migrate";
import { migrateBefore, scratchDatabase } from "./test-database";

const TAG = "0032_one_billing_model";

describe("migration 0030: one billing model", () => {
  let db: LocalDatabase;
  let pool: Pool;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ db, pool, stop } = await scratchDatabase("billing_migration"));
  });
  afterAll(() => stop?.());

  it("carries pending downgrades, Team invoices and both money-backs over, and running it again changes nothing", async () => {
    await migrateBefore(db, TAG);
    const q = (text: string, params: unknown[] = []) => pool.query(text, params);
    const person = (await q(`insert into users (email) values ('person@m.test') returning id`)).rows[0].id;
    const other = (await q(`insert into users (email) values ('other@m.test') returning id`)).rows[0].id;
    const owner = (await q(`insert into users (email) values ('owner@m.test') returning id`)).rows[0].id;
    const team = (await q(`insert into teams (name, owner_user_id) values ('Acme', $1) returning id`, [owner])).rows[0].id;
    const subs = (
      await q(
        `insert into subscriptions (user_id, team_id, stripe_subscription_id, stripe_price_id, plan_type, status, seats, scheduled_seats,
           scheduled_at, amount_cents, currency, interval, current_period_end)
         values ($1, null, 'sub_y', 'price_y', 'yearly', 'active', 1, null, null, 6000, 'eur', 'year', '2027-01-01'),
                ($2, null, 'sub_m', 'price_m', 'monthly', 'active', 1, null, null, 2999, 'eur', 'month', '2027-01-01'),
                (null, $3, 'sub_t', 'price_t', 'team', 'active', 4, 3, '2027-01-01', 7996, 'eur', 'month', '2027-01-01')
         returning id, stripe_subscription_id as sub`,
        [person, other, team],
      )
    ).rows;
    const subId = (s: string) => subs.find((r) => r.sub === s)!.id;
    await q(
      `insert into scheduled_downgrades (user_id, subscription_id, target_plan_type, target_price_id, effective_date, stripe_schedule_id, status, created_at)
       values ($1, $2, 'monthly', 'price_m', '2027-01-01', 'sub_sched_y', 'scheduled', '2026-11-01'),
              ($3, $4, 'weekly', 'price_w', '2026-10-01', 'sub_sched_m', 'applied', '2026-09-01'),
              ($3, $4, 'weekly', 'price_w', '2026-11-01', 'sub_sched_m2', 'canceled', '2026-10-15')`,
      [person, subId("sub_y"), other, subId("sub_m")],
    );
    await q(
      `insert into invoices (user_id, stripe_invoice_id, stripe_subscription_id, plan_type, team, amount_cents, status, paid_at)
       values ($1, 'in_y', 'sub_y', 'yearly', false, 6000, 'paid', '2026-11-02T10:00:00Z'),
              ($2, 'in_t', 'sub_t', null, true, 7996, 'paid', '2026-11-02T11:00:00Z'),
              ($2, 'in_other', null, null, false, 500, 'paid', '2026-11-02T12:00:00Z')`,
      [person, owner],
    );
    await q(
      `insert into address_benefits (address_key, money_back_at, team_money_back_at)
       values ('k_both', '2026-11-03T00:00:00Z', '2026-11-04T00:00:00Z'), ('k_own', '2026-11-05T00:00:00Z', null), ('k_none', null, null)`,
    );
    const totals = async () =>
      (await q(`select plan, sum(paid_cents)::int as cents from invoice_day_totals group by plan order by plan`)).rows;
    const before = await totals();
    expect(before).toEqual([
      { plan: "other", cents: 500 },
      { plan: "team", cents: 7996 },
      { plan: "yearly", cents: 6000 },
    ]);

    await migrateDatabase(db);

    // the pending downgrade is on its subscription's row; the Team's seat cut is untouched
    const rows = (
      await q(`select stripe_subscription_id as sub, scheduled_plan_type, scheduled_seats, scheduled_at from subscriptions order by 1`)
    ).rows;
    expect(rows.map((r) => [r.sub, r.scheduled_plan_type, r.scheduled_seats, r.scheduled_at?.toISOString() ?? null])).toEqual([
      ["sub_m", null, null, null],
      ["sub_t", null, 3, "2027-01-01T00:00:00.000Z"],
      ["sub_y", "monthly", null, "2027-01-01T00:00:00.000Z"],
    ]);
    expect((await q(`select to_regclass('public.scheduled_downgrades') as t`)).rows[0].t).toBeNull();
    // every old row, ended ones too, kept as it was
    const kept = (
      await q(`select target_id, details from admin_audit_log where action = 'billing.scheduled_downgrade' order by created_at`)
    ).rows;
    expect(kept.map((k) => [k.target_id, k.details.status, k.details.stripe_schedule_id])).toEqual([
      [subId("sub_m"), "applied", "sub_sched_m"],
      [subId("sub_m"), "canceled", "sub_sched_m2"],
      [subId("sub_y"), "scheduled", "sub_sched_y"],
    ]);

    // invoices: the plan by the one enum, the Team's as "team"; the day totals did not move
    const invoices = (await q(`select stripe_invoice_id as id, plan_type from invoices order by 1`)).rows;
    expect(invoices).toEqual([
      { id: "in_other", plan_type: null },
      { id: "in_t", plan_type: "team" },
      { id: "in_y", plan_type: "yearly" },
    ]);
    expect(await totals()).toEqual(before);
    const columns = (await q(`select column_name from information_schema.columns where table_name = 'invoices'`)).rows.map(
      (r) => r.column_name,
    );
    expect(columns).not.toContain("team");
    // the trigger still follows, by the plan alone
    await q(
      `insert into invoices (stripe_invoice_id, plan_type, amount_cents, status, paid_at) values ('in_t2', 'team', 100, 'paid', '2026-11-02T13:00:00Z')`,
    );
    expect((await totals()).find((t) => t.plan === "team")!.cents).toBe(8096);
    expect((await q(`select count(*)::int as n from pg_type where typname in ('plan_type', 'downgrade_status')`)).rows[0].n).toBe(0);

    // one money-back column
    const benefits = (await q(`select address_key as k, money_back from address_benefits order by 1`)).rows;
    expect(benefits.map((b) => [b.k, Object.keys(b.money_back).sort()])).toEqual([
      ["k_both", ["own", "team"]],
      ["k_none", []],
      ["k_own", ["own"]],
    ]);
    expect(new Date(benefits[0].money_back.team).toISOString()).toBe("2026-11-04T00:00:00.000Z");

    // idempotent: the whole file again on the migrated database
    const file = readFileSync(join(migrationsFolder, `${TAG}.sql`), "utf8");
    for (const statement of file.split("--> statement-breakpoint")) if (statement.trim()) await q(statement);
    expect(
      (await q(`select stripe_subscription_id as sub, scheduled_plan_type from subscriptions where scheduled_plan_type is not null`)).rows,
    ).toEqual([{ sub: "sub_y", scheduled_plan_type: "monthly" }]);
    expect(await q(`select count(*)::int as n from admin_audit_log`).then((r) => r.rows[0].n)).toBe(3);
    expect((await totals()).find((t) => t.plan === "team")!.cents).toBe(8096);
  });
});
