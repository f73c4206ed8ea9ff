/**
 * A person's rating of one of their results (issue 26; docs/decisions/113-ratings-and-testimonials.md),
 * mounted under /api/headshots beside the download:
 *   GET /api/headshots/:id/rating  → ApiRating | null (not rated yet) | 404 (no such headshot of yours)
 *   PUT /api/headshots/:id/rating  {stars, comment?, publishConsent?, firstName?, role?} → ApiRating
 *                                  | 400 | 404 (not yours) | 409 (no finished result to rate)
 * One rating per headshot (its key); PUT again changes it. The owner's filter is in the SQL that writes.
 */
import { Hono } from "hono";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { headshots, ratings, type Rating } from "../../db/schema";
import { RATING_COMMENT_MAX, RATING_FIRST_NAME_MAX, RATING_ROLE_MAX, STARS_MAX, STARS_MIN, type ApiRating } from "../../domain/ratings";
import { requireUser, badRequest, conflict, notFound, plainText, validate, said } from "../lib";
import { m } from "../../copy";
import type { AppEnv } from "../env";
import { forgetLandingFigures } from "../landing";

const params = z.object({ id: z.uuid("Headshot not found.") });

/** Optional text: trimmed, empty means none. */
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
    z.string("must be text").max(max, `must be at most ${max} characters`).pipe(plainText).nullable(),
  );

const ratingBody = z.object({
  stars: z
    .number("must be a whole number from 1 to 5")
    .int("must be a whole number from 1 to 5")
    .min(STARS_MIN, "must be from 1 to 5")
    .max(STARS_MAX, "must be from 1 to 5"),
  comment: optionalText(RATING_COMMENT_MAX),
  publishConsent: z.boolean("must be true or false").default(false),
  /** This headshot and its original photo may be shown on the website, if the operator picks it (decision 183). */
  pictureConsent: z.boolean("must be true or false").default(false),
  firstName: optionalText(RATING_FIRST_NAME_MAX),
  role: optionalText(RATING_ROLE_MAX),
});

export const toApiRating = (r: Rating): ApiRating => ({
  headshotId: r.headshotId,
  stars: r.stars,
  comment: r.comment,
  publishConsent: r.publishConsent,
  firstName: r.firstName,
  role: r.role,
  testimonialStatus: r.testimonialStatus,
  pictureConsent: r.pictureConsent,
});

export const ratingRoutes = new Hono<AppEnv>()
  .get("/:id/rating", requireUser, validate("param", params), async (c) => {
    // A headshot of mine not rated yet is an ordinary answer (null), not a 404 logged by every result view (issue 35).
    const [row] = await c.var.db
      .select({ rating: ratings })
      .from(headshots)
      .leftJoin(ratings, eq(ratings.headshotId, headshots.id))
      .where(and(eq(headshots.id, c.req.valid("param").id), eq(headshots.userId, c.var.user.id)))
      .limit(1);
    if (!row) throw notFound(said(m.errors_headshot_not_found), "headshot_not_found");
    c.header("Cache-Control", "no-store");
    return c.json(row.rating ? toApiRating(row.rating) : null);
  })
  .put("/:id/rating", requireUser, validate("param", params), validate("json", ratingBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const me = c.var.user.id;
    if (body.publishConsent) {
      if (!body.comment) throw badRequest(said(m.errors_rating_comment_required));
      if (!body.firstName) throw badRequest(said(m.errors_rating_first_name_required));
      if (!body.role) throw badRequest(said(m.errors_rating_role_required));
    }
    const publishable = body.publishConsent && body.comment !== null;
    const status = publishable ? "pending" : null;
    // Only a finished, live headshot of mine yields a row to insert: the owner's filter is in this SQL.
    // The same words keep the operator's decision; new words (or new consent) wait for it again.
    const res = await c.var.db.execute(sql`
      insert into ratings (headshot_id, user_id, stars, comment, publish_consent, first_name, role, testimonial_status, picture_consent)
      select h.id, h.user_id, ${body.stars}, ${body.comment}, ${body.publishConsent}, ${body.firstName}, ${body.role}, ${status}, ${body.pictureConsent}
      from headshots h
      where h.id = ${id} and h.user_id = ${me} and h.status = 'completed' and h.moderation_status <> 'removed'
      on conflict (headshot_id) do update set
        stars = excluded.stars,
        comment = excluded.comment,
        publish_consent = excluded.publish_consent,
        first_name = excluded.first_name,
        role = excluded.role,
        testimonial_status = case
          when excluded.testimonial_status is null then null
          when ratings.testimonial_status is not null
            and ratings.comment is not distinct from excluded.comment
            and ratings.first_name is not distinct from excluded.first_name
            and ratings.role is not distinct from excluded.role then ratings.testimonial_status
          else 'pending' end,
        picture_consent = excluded.picture_consent,
        -- withdrawing the consent takes the picture off the landing at once
        picture_featured_at = case when excluded.picture_consent then ratings.picture_featured_at end,
        example_slot = case when excluded.picture_consent then ratings.example_slot end,
        updated_at = now()
      where ratings.user_id = excluded.user_id
      returning headshot_id, stars, comment, publish_consent, first_name, role, testimonial_status, picture_consent, picture_featured_at`);
    const row = res.rows[0] as Record<string, unknown> | undefined;
    if (row) {
      const body: ApiRating = {
        headshotId: String(row.headshot_id),
        stars: Number(row.stars),
        comment: row.comment as string | null,
        publishConsent: Boolean(row.publish_consent),
        firstName: row.first_name as string | null,
        role: row.role as string | null,
        testimonialStatus: row.testimonial_status as ApiRating["testimonialStatus"],
        pictureConsent: Boolean(row.picture_consent),
      };
      if (!body.pictureConsent) forgetLandingFigures(); // it may have been on the landing
      return c.json(body);
    }

    const [headshot] = await c.var.db
      .select({ status: headshots.status, moderationStatus: headshots.moderationStatus })
      .from(headshots)
      .where(and(eq(headshots.id, id), eq(headshots.userId, me)))
      .limit(1);
    if (!headshot) throw notFound(said(m.errors_headshot_not_found), "headshot_not_found");
    throw conflict(said(m.errors_rating_not_finished), "not_finished");
  });
