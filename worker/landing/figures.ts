/**
 * The landing's true figures (issue 26): headshots generated (from the trigger-kept day totals, so a
 * few thousand rows at most), the number and average of ratings, and the newest approved testimonials,
 * in one SQL-over-HTTP round trip. Kept per isolate and refreshed every FIGURES_TTL_MS (serving the
 * previous figures meanwhile) and by the cron, so the landing never waits for the database except on
 * an isolate's first request. docs/decisions/112-live-landing-figures.md.
 */
import { sql } from "drizzle-orm";
import { httpDb } from "../../db";
import { LANDING_PICTURES, LANDING_TESTIMONIALS } from "../../domain/ratings";
import type { BillingPlan } from "../../domain/plans";
import { getConfig, type Config } from "../config";
import { errorFields, log } from "../lib";
import { signImageUrl } from "../images";
import { exampleTag } from "./examples";

export interface LandingTestimonial {
  stars: number;
  comment: string;
  firstName: string;
  role: string;
}

/** A real result the operator featured, with the photo it was made from (decision 183): signed image URLs. */
export interface LandingPicture {
  style: string;
  before: string;
  after: string;
}

export interface LandingFigures {
  /** Plans whose price changed (decision 093), the Team plan's seat among them: today's amount in cents. The page was built with the launch prices. */
  prices?: Partial<Record<BillingPlan, number>>;
  headshots: number;
  ratings: number;
  /** null when there are no ratings */
  average: number | null;
  testimonials: LandingTestimonial[];
  /** Featured real results, newest featured first; absent or empty: the illustrations stay. */
  pictures?: LandingPicture[];
  /** The landing's places the operator filled (decision 252): place → the picture's tag; a place not here keeps its illustration. */
  examples?: Record<string, string>;
}

export const FIGURES_TTL_MS = 5 * 60_000;
/** An isolate's first landing request waits at most this long for the figures, then goes without. */
const FIRST_READ_TIMEOUT_MS = 1500;

export async function readLandingFigures(config: Config): Promise<LandingFigures> {
  const res = await httpDb(config).execute(sql`
    select
      (select coalesce(sum(headshots), 0) from headshot_day_totals where status = 'completed')::int as headshots,
      (select count(*) from ratings)::int as ratings,
      (select avg(stars) from ratings)::float8 as average,
      (select coalesce(json_agg(t), '[]'::json) from (
        select stars, comment, first_name as "firstName", role from ratings
        where testimonial_status = 'approved'
        order by reviewed_at desc nulls last, created_at desc
        limit ${LANDING_TESTIMONIALS}
      ) t) as testimonials,
      (select coalesce(json_agg(p), '[]'::json) from (
        select r.headshot_id as "headshotId", h.style from ratings r join headshots h on h.id = r.headshot_id
        where r.picture_featured_at is not null and r.picture_consent and h.status = 'completed'
          and h.moderation_status <> 'removed' and h.images_deleted_at is null
        order by r.picture_featured_at desc
        limit ${LANDING_PICTURES}
      ) p) as pictures,
      (select coalesce(json_object_agg(r.example_slot, r.headshot_id), '{}'::json)
        from ratings r join headshots h on h.id = r.headshot_id
        where r.example_slot is not null and r.picture_consent and h.status = 'completed'
          and h.moderation_status <> 'removed' and h.images_deleted_at is null) as examples,
      (select coalesce(json_object_agg(plan_type, new_amount_cents), '{}'::json) from (
        select distinct on (plan_type) plan_type, new_amount_cents from price_changes
        where effective_at <= now()
        order by plan_type, effective_at desc
      ) p) as prices`);
  const row = res.rows[0] as {
    headshots: number;
    ratings: number;
    average: number | null;
    testimonials: LandingTestimonial[] | string;
    pictures: { headshotId: string; style: string }[] | string;
    prices: Record<string, number> | string;
    examples: Record<string, string> | string;
  };
  const featured = typeof row.pictures === "string" ? (JSON.parse(row.pictures) as { headshotId: string; style: string }[]) : row.pictures;
  const testimonials = typeof row.testimonials === "string" ? (JSON.parse(row.testimonials) as LandingTestimonial[]) : row.testimonials;
  const prices = typeof row.prices === "string" ? (JSON.parse(row.prices) as Record<string, number>) : row.prices;
  const examples = typeof row.examples === "string" ? (JSON.parse(row.examples) as Record<string, string>) : row.examples;
  return {
    headshots: Number(row.headshots),
    ratings: Number(row.ratings),
    average: row.average === null ? null : Number(row.average),
    testimonials,
    pictures: await Promise.all(
      (featured ?? []).map(async (p) => ({
        style: p.style,
        before: await signImageUrl(config, p.headshotId, "original"),
        after: await signImageUrl(config, p.headshotId, "result"),
      })),
    ),
    examples: Object.fromEntries(Object.entries(examples ?? {}).map(([slot, id]) => [slot, exampleTag(id)])),
    prices: Object.fromEntries(Object.entries(prices ?? {}).map(([plan, cents]) => [plan, Number(cents)])) as Partial<
      Record<BillingPlan, number>
    >,
  };
}

interface Memo {
  figures: LandingFigures;
  at: number;
  version: string;
}
let memo: Memo | undefined;
let refreshing: Promise<Memo | undefined> | undefined;

function refresh(config: Config): Promise<Memo | undefined> {
  refreshing ??= readLandingFigures(config)
    .then((figures) => {
      const json = JSON.stringify(figures);
      memo = { figures, at: Date.now(), version: hash(json) };
      return memo;
    })
    .catch((err: unknown) => {
      log("warn", "landing: figures not read", errorFields(err));
      return memo;
    })
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/** A short, stable tag of the figures for the landing's ETag (FNV-1a). */
function hash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * The figures for a landing request: fresh ones at once; stale ones at once while they are read again
 * in the background; on an isolate's first request the read itself, for at most FIRST_READ_TIMEOUT_MS.
 * undefined when they cannot be had: the page then claims nothing.
 */
export async function landingFigures(env: Env, waitUntil: (p: Promise<unknown>) => void): Promise<Memo | undefined> {
  if (memo && Date.now() - memo.at < FIGURES_TTL_MS) return memo;
  if (memo) {
    waitUntil(refresh(getConfig(env)));
    return memo;
  }
  let timer: number | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, FIRST_READ_TIMEOUT_MS) as unknown as number;
  });
  const first = refresh(getConfig(env));
  waitUntil(first);
  try {
    return await Promise.race([first, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The cron's refresh of this isolate's figures. */
export async function refreshLandingFigures(config: Config): Promise<void> {
  await refresh(config);
}

/** Drops this isolate's figures (after the operator changed what the landing shows). */
export function forgetLandingFigures(): void {
  memo = undefined;
}
