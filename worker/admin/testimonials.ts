/**
 * The operator's testimonials list (issue 26): comments people consented to publish, newest first,
 * approved onto the landing or unpublished from it. Each change writes its audit entry in the same
 * transaction and drops this isolate's landing figures so the next landing request reads them again
 * (other isolates follow within their refresh interval, worker/landing/figures.ts).
 */
import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { ratings, users } from "../../db/schema";
import type { AdminTestimonial, AdminTestimonialsPage, TestimonialStatus } from "../../domain/ratings";
import type { AuthUser } from "../env";
import { conflict, notFound } from "../lib";
import { audit } from "./audit";
import { forgetLandingFigures } from "../landing";

export async function listTestimonials(
  db: Db,
  opts: { page: number; pageSize: number; status?: TestimonialStatus },
): Promise<AdminTestimonialsPage> {
  const where = opts.status ? eq(ratings.testimonialStatus, opts.status) : isNotNull(ratings.testimonialStatus);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        headshotId: ratings.headshotId,
        stars: ratings.stars,
        comment: ratings.comment,
        firstName: ratings.firstName,
        role: ratings.role,
        email: users.email,
        testimonialStatus: ratings.testimonialStatus,
        createdAt: ratings.createdAt,
      })
      .from(ratings)
      .innerJoin(users, eq(users.id, ratings.userId))
      .where(where)
      .orderBy(desc(ratings.createdAt), desc(ratings.headshotId))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(ratings).where(where),
  ]);
  const items = rows.map((r): AdminTestimonial => ({
    headshotId: r.headshotId,
    stars: r.stars,
    comment: r.comment!,
    firstName: r.firstName!,
    role: r.role!,
    email: r.email,
    testimonialStatus: r.testimonialStatus!,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, total: total?.n ?? 0, page: opts.page, pageSize: opts.pageSize };
}

/** Approve (on the landing) or unpublish (off it) one consented comment; answers its new status. */
export async function setTestimonialStatus(
  db: Db,
  actor: AuthUser,
  headshotId: string,
  to: "approved" | "unpublished",
): Promise<TestimonialStatus> {
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(ratings)
      .set({ testimonialStatus: to, reviewedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(ratings.headshotId, headshotId), isNotNull(ratings.testimonialStatus)))
      .returning({ headshotId: ratings.headshotId });
    if (rows.length)
      await audit(tx, actor, to === "approved" ? "testimonial.approve" : "testimonial.unpublish", { type: "rating", id: headshotId });
    return rows.length > 0;
  });
  if (!changed) {
    const [row] = await db.select({ s: ratings.testimonialStatus }).from(ratings).where(eq(ratings.headshotId, headshotId)).limit(1);
    if (!row) throw notFound("Rating not found.");
    throw conflict("This rating has no comment its author agreed to publish.");
  }
  forgetLandingFigures();
  return to;
}
