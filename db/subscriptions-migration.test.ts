/**
 * Migration 0026 (issue 37, decision 210) moves teams' subscriptions into `subscriptions` and drops
 * `team_subscriptions`: a database at 0025 with rows of both kinds comes out with every row, its id, its
 * times and an amount. On real PostgreSQL when TEST_DATABASE_URL is set (a fresh database of its own), else PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pool } from "@neondatabase/serverless";
import type { LocalDatabase } from "../dev/postgres";
import { migrateDatabase } from "./migrate";
import { migrateBefore, scratchDatabase } from "./test-database";

const BEFORE = "0026_one_subscription_model";

describe("migration 0026: one subscription model", () => {
  let db: LocalDatabase;
  let pool: Pool;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ db, pool, stop } = await scratchDatabase("subs_migration"));
  });
  afterAll(() => stop?.());

  it("moves every team subscription in with its id and times, gives every row an amount, and drops the old table", async () => {
    await migrateBefore(db, BEFORE);
    const q = (text: string, params: unknown[] = []) => pool.query(text, params);
    const owner = (await q(`insert into users (email) values ('owner@m.test') returning id`)).rows[0].id;
    const person = (await q(`insert into users (email) values ('person@m.test') returning id`)).rows[0].id;
    const team = (await q(`insert into teams (name, owner_user_id) values ('Acme', $1) returning id`, [owner])).rows[0].id;
    const created = "2026-01-02T03:04:05.000Z";
    await q(
      `insert into subscriptions (user_id, stripe_subscription_id, stripe_price_id, plan_type, status, current_period_end, created_at)
       values ($1, 'sub_m', 'price_monthly_launch', 'monthly', 'active', now() + interval '10 days', $2),
              ($1, 'sub_y', 'price_yearly_new', 'yearly', 'canceled', now() - interval '1 day', $2)`,
      [person, created],
    );
    await q(
      `insert into price_changes (plan_type, old_amount_cents, new_amount_cents, currency, old_stripe_price_id, stripe_price_id, effective_at, created_by_email)
       values ('yearly', 6000, 7200, 'eur', 'price_yearly_launch', 'price_yearly_new', now(), 'op@m.test')`,
    );
    const teamRow = (
      await q(
        `insert into team_subscriptions (team_id, stripe_subscription_id, stripe_price_id, status, seats, scheduled_seats, scheduled_at,
           stripe_schedule_id, current_period_start, current_period_end, cancel_at_period_end, created_at)
         values ($1, 'sub_team', 'price_team', 'active', 4, 3, now() + interval '5 days', 'sub_sched_1', now(), now() + interval '5 days', true, $2)
         returning id`,
        [team, created],
      )
    ).rows[0].id;
    // a closed team's subscription (team_id null) stays for the figures
    await q(
      `insert into team_subscriptions (team_id, stripe_subscription_id, stripe_price_id, status, seats) values (null, 'sub_closed', 'price_team', 'canceled', 2)`,
    );

    await migrateDatabase(db);

    const rows = (
      await q(
        `select id, user_id, team_id, stripe_subscription_id as sub, plan_type, status, seats, scheduled_seats, stripe_schedule_id,
           amount_cents, currency, interval, interval_count, cancel_at_period_end, created_at
         from subscriptions order by stripe_subscription_id`,
      )
    ).rows;
    expect(rows.map((r) => [r.sub, r.plan_type, r.amount_cents, r.currency, r.interval, r.interval_count, r.seats])).toEqual([
      ["sub_closed", "team", 3998, "eur", "month", 1, 2],
      ["sub_m", "monthly", 2999, "eur", "month", 1, 1],
      ["sub_team", "team", 7996, "eur", "month", 1, 4],
      ["sub_y", "yearly", 7200, "eur", "year", 1, 1],
    ]);
    const moved = rows.find((r) => r.sub === "sub_team")!;
    expect(moved).toMatchObject({ id: teamRow, user_id: null, team_id: team, scheduled_seats: 3, stripe_schedule_id: "sub_sched_1" });
    expect(moved.cancel_at_period_end).toBe(true);
    expect(new Date(moved.created_at).toISOString()).toBe(created);
    expect(rows.find((r) => r.sub === "sub_m")).toMatchObject({ user_id: person, team_id: null });
    const gone = await q(`select to_regclass('public.team_subscriptions') as t`);
    expect(gone.rows[0].t).toBeNull();

    // exactly one owner: a person's plan needs its person and no team; a Team plan never a person
    await expect(
      q(
        `insert into subscriptions (user_id, team_id, stripe_subscription_id, stripe_price_id, plan_type, status, amount_cents, currency, interval)
         values ($1, $2, 'sub_both', 'p', 'monthly', 'active', 1, 'eur', 'month')`,
        [person, team],
      ),
    ).rejects.toThrow(/subscriptions_one_owner/);
    await expect(
      q(
        `insert into subscriptions (user_id, stripe_subscription_id, stripe_price_id, plan_type, status, amount_cents, currency, interval)
         values ($1, 'sub_team_person', 'p', 'team', 'active', 1, 'eur', 'month')`,
        [person],
      ),
    ).rejects.toThrow(/subscriptions_one_owner/);
    await expect(
      q(`insert into subscriptions (stripe_subscription_id, stripe_price_id, plan_type, status, amount_cents, currency, interval)
         values ('sub_nobody', 'p', 'monthly', 'active', 1, 'eur', 'month')`),
    ).rejects.toThrow(/subscriptions_one_owner/);
    // closing a team keeps its subscription, owner-less
    await q(`delete from teams where id = $1`, [team]);
    expect((await q(`select team_id from subscriptions where stripe_subscription_id = 'sub_team'`)).rows[0].team_id).toBeNull();
  });
});
