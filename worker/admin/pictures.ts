/**
 * The landing's real results (issue 35, decision 183): headshots whose owners agreed that the result and the
 * photo it was made from may be shown on the website, newest first; the operator features some (the
 * landing shows the newest LANDING_PICTURES featured) or takes them off again. Each change is audited and
 * drops this isolate's landing figures, as the testimonials do (./testimonials.ts).
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots, ratings, users } from "../../db/schema";
import { slotsFor, type AdminPicture } from "../../domain/ratings";
import type { Config } from "../config";
import type { AuthUser } from "../env";
import { signImageUrl } from "../images";
import { badRequest, conflict, notFound } from "../lib";
import { forgetLandingFigures } from "../landing";
import { audit } from "./audit";

/** The live, finished headshots whose owner consented to show them (a removed or expired one is not offered). */
const showable = and(eq(ratings.pictureConsent, true), eq(headshots.status, "completed"), ne(headshots.moderationStatus, "removed"));

export async function listPictures(db: Db, config: Pick<Config, "URL_SIGNING_SECRET">): Promise<AdminPicture[]> {
  const rows = await db
    .select({
      headshotId: ratings.headshotId,
      style: headshots.style,
      email: users.email,
      stars: ratings.stars,
      featuredAt: ratings.pictureFeaturedAt,
      exampleSlot: ratings.exampleSlot,
      gender: headshots.gender,
      createdAt: ratings.createdAt,
    })
    .from(ratings)
    .innerJoin(headshots, eq(headshots.id, ratings.headshotId))
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(and(showable, sql`${headshots.imagesDeletedAt} is null`))
    .orderBy(desc(ratings.createdAt), desc(ratings.headshotId))
    .limit(100);
  return Promise.all(
    rows.map(async (r): Promise<AdminPicture> => ({
      headshotId: r.headshotId,
      style: r.style,
      email: r.email,
      stars: r.stars,
      originalImageUrl: await signImageUrl(config, r.headshotId, "original"),
      generatedImageUrl: await signImageUrl(config, r.headshotId, "result"),
      featured: r.featuredAt !== null,
      exampleSlot: r.exampleSlot,
      slots: slotsFor(r.style, r.gender),
      createdAt: r.createdAt.toISOString(),
    })),
  );
}

/** Feature a consented picture on the landing, or take it off; answers whether it is featured now. */
export async function setPictureFeatured(db: Db, actor: AuthUser, headshotId: string, featured: boolean): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(ratings)
      .set({ pictureFeaturedAt: featured ? sql`now()` : null, updatedAt: sql`now()` })
      .where(and(eq(ratings.headshotId, headshotId), eq(ratings.pictureConsent, true)))
      .returning({ headshotId: ratings.headshotId });
    if (rows.length) await audit(tx, actor, featured ? "picture.feature" : "picture.unfeature", { type: "rating", id: headshotId });
    return rows.length > 0;
  });
  if (!changed) {
    const [row] = await db.select({ id: ratings.headshotId }).from(ratings).where(eq(ratings.headshotId, headshotId)).limit(1);
    if (!row) throw notFound("Rating not found.");
    throw conflict("Its owner has not agreed to show this headshot on the website.");
  }
  forgetLandingFigures();
  return featured;
}

/**
 * Puts a consented picture in one of the landing's places (decision 252: its style's example for its
 * gender, or the before/after), taking the place from whichever picture had it; `null` takes it out of its
 * place. Audited; this isolate's landing figures are dropped. Answers the place it has now.
 */
export async function setPictureSlot(db: Db, actor: AuthUser, headshotId: string, slot: string | null): Promise<string | null> {
  const [row] = await db
    .select({ consent: ratings.pictureConsent, style: headshots.style, gender: headshots.gender, slot: ratings.exampleSlot })
    .from(ratings)
    .innerJoin(headshots, eq(headshots.id, ratings.headshotId))
    .where(and(eq(ratings.headshotId, headshotId), showable, sql`${headshots.imagesDeletedAt} is null`))
    .limit(1);
  if (!row) {
    const [rated] = await db.select({ id: ratings.headshotId }).from(ratings).where(eq(ratings.headshotId, headshotId)).limit(1);
    if (!rated) throw notFound("Rating not found.");
    throw conflict("Its owner has not agreed to show this headshot on the website.");
  }
  if (slot !== null && !slotsFor(row.style, row.gender).includes(slot)) {
    throw badRequest(`slot: a ${row.style} headshot can be its style's example or the before/after, not "${slot}"`);
  }
  const placed = await db.transaction(async (tx) => {
    if (slot !== null) {
      await tx
        .update(ratings)
        .set({ exampleSlot: null, updatedAt: sql`now()` })
        .where(and(eq(ratings.exampleSlot, slot), ne(ratings.headshotId, headshotId)));
    }
    // the consent is checked again here: a withdrawal in between wins
    const rows = await tx
      .update(ratings)
      .set({ exampleSlot: slot, updatedAt: sql`now()` })
      .where(and(eq(ratings.headshotId, headshotId), eq(ratings.pictureConsent, true)))
      .returning({ slot: ratings.exampleSlot });
    if (!rows.length) throw conflict("Its owner has not agreed to show this headshot on the website.");
    await audit(tx, actor, "picture.example", { type: "rating", id: headshotId, details: { slot, previous: row.slot } });
    return rows[0]!.slot;
  });
  forgetLandingFigures();
  return placed;
}
