/**
 * /api/admin — operator only (issue 10; SPEC §2 Admin dashboard and Moderation panel, §3 shapes, §7 calls).
 * The guard is on the sub-app itself, so every route added here is protected by construction (401
 * without a token, 403 for anyone but the verified operator), and unknown admin paths answer 401/403 too
 * instead of revealing what exists.
 *
 *   GET    /health                           → the deep check: database, bucket and queue touched for real (503 when one fails)
 *   GET    /monitoring                       → OpsMonitoring (the last hour and day as recorded, the queue, the alerts' state)
 *   GET    /users?page&pageSize&q            → AdminUsersPage (newest first, q in email and names)
 *   DELETE /users/:id                        → AdminDeleteResult (Stripe canceled, objects and rows gone, invoices kept)
 *   GET    /stats                            → AdminStats
 *   GET    /analytics/users                  → UserAnalytics
 *   GET    /analytics/generations            → GenerationAnalytics
 *   GET    /analytics/likeness?from&to       (default all time) → LikenessByStyle[] (as reported by browsers)
 *   GET    /analytics/shoots?from&to         (default all time) → ShootAnalytics (pictures per shoot, issue 24)
 *   GET    /analytics/refines?from&to        (default all time) → RefineAnalytics (edits, redos, redo rate per style, issue 36)
 *   GET    /users-by-plan                    → UsersByPlan[]
 *   GET    /financials/mrr | /arr            → Mrr | Arr
 *   GET    /financials/revenue-by-plan?from&to  (default all time) → RevenueByPlan[]
 *   GET    /financials/churn?from&to         (default the last 30 days) → Churn
 *   GET    /financials/profit-30d | /profit-mrr → Profit30d | ProfitMrr
 *   POST   /financials/backfill-invoices     → BackfillResult
 *   GET    /export/users.csv, /export/financials.csv?from&to → streamed CSV
 *   GET    /moderation/headshots?page&pageSize&moderationStatus → ModerationPage
 *   POST   /moderation/headshots/:id/approve → ModerationResult
 *   POST   /moderation/headshots/:id/flag {reason} → ModerationResult
 *   DELETE /moderation/headshots/batch {ids} → ModerationBatchResult
 *   GET    /testimonials?page&pageSize&status → AdminTestimonialsPage (consented comments, newest first)
 *   POST   /testimonials/:id/approve | /unpublish → {headshotId, testimonialStatus} (on or off the landing)
 *   GET    /pictures                         → AdminPicture[] (results their owners agreed to show, newest first)
 *   POST   /pictures/:id/feature | /unfeature → {headshotId, featured} (on or off the landing's real results)
 *   POST   /pictures/:id/example {slot|null} → {headshotId, exampleSlot} (a style's example or the before/after, decision 252)
 *   GET    /price-changes                    → AdminPriceChanges (today's prices, the earliest date, the changes newest first)
 *   POST   /price-changes {planType, amountCents, effectiveDate} → ApiPriceChange (30 days' notice: decision 093)
 * Figures are defined in docs/decisions/060-admin-figures.md; every write leaves an admin_audit_log entry.
 */
import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../db/schema";
import {
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_PAGE_SIZE_MAX,
  FLAG_REASON_MAX,
  MODERATION_BATCH_MAX,
  type AdminDeleteResult,
  type AdminPriceChanges,
  type AdminUsersPage,
  type Arr,
  type Mrr,
  type ModerationBatchResult,
  type ModerationResult,
} from "../../domain/admin-api";
import { MODERATION_STATUSES } from "../../domain/headshot-lifecycle";
import { requireOperator, badRequest, forbidden, notFound, log, plainText, validate } from "../lib";
import { deleteUser } from "../account";
import { modelRetiredAt, readModelStatus } from "../generation";
import type { AppEnv } from "../env";
import { audit } from "./audit";
import { backfillInvoices } from "./backfill";
import { financialsCsv, usersCsv } from "./export";
import * as figures from "./figures";
import { approve, flag, listForModeration, removeBatch } from "./moderation";
import { listUsers } from "./users";
import { EXAMPLE_SLOTS, TESTIMONIAL_STATUSES } from "../../domain/ratings";
import { listTestimonials, setTestimonialStatus } from "./testimonials";
import { listPictures, setPictureFeatured, setPictureSlot } from "./pictures";
import { BILLING_PLANS, PRICE_MAX_CENTS, euros } from "../../domain/plans";
import {
  earliestEffectiveDate,
  latestEffectiveDate,
  listPriceChanges,
  schedulePriceChange,
  withdrawPriceChange,
  loadPriceBook,
} from "../billing";
import { deepHealthRoutes } from "../health";
import { opsMonitoring } from "../ops";

const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT),
};
const usersQuery = z.object({ ...paging, q: z.string().trim().max(200).pipe(plainText).optional() });
const moderationQuery = z.object({ ...paging, moderationStatus: z.enum(MODERATION_STATUSES).optional() });
const testimonialsQuery = z.object({ ...paging, status: z.enum(TESTIMONIAL_STATUSES).optional() });

/** An ISO date-time with an offset (2026-11-01T00:00:00Z) or a calendar date (2026-11-01, midnight UTC). */
const instant = z.union([z.iso.datetime({ offset: true }), z.iso.date()], "must be an ISO date or date-time").transform((s) => new Date(s));
const rangeQuery = z
  .object({ from: instant.optional(), to: instant.optional() })
  .refine((r) => !r.from || !r.to || r.from.getTime() <= r.to.getTime(), { message: "from must not be after to", path: ["from"] });

/** `to` defaults to now; a `from` after it (a future `from` alone, too) is a 400. */
function range(q: { from?: Date; to?: Date }): { from?: Date; to: Date } {
  const to = q.to ?? new Date();
  if (q.from && q.from > to) throw badRequest("from: must not be after to");
  return { from: q.from, to };
}

const userId = z.object({ id: z.uuid("must be a user id") });
const headshotId = z.object({ id: z.uuid("must be a headshot id") });
/** A landing place (decision 252), or null to take the picture out of its place. */
const exampleBody = z.object({
  slot: z.enum(EXAMPLE_SLOTS as [string, ...string[]], "must be a style's example or before-after").nullable(),
});
const priceChangeId = z.object({ id: z.uuid("must be a price change id") });
const flagBody = z.object({
  reason: z
    .string("is required")
    .trim()
    .min(1, "is required")
    .max(FLAG_REASON_MAX, `must be at most ${FLAG_REASON_MAX} characters`)
    .pipe(plainText),
});
const batchBody = z.object({
  ids: z
    .array(z.uuid("must be headshot ids"), "is required")
    .min(1, "must name at least one headshot")
    .max(MODERATION_BATCH_MAX, `must name at most ${MODERATION_BATCH_MAX} headshots`)
    .transform((ids) => [...new Set(ids)]),
});

const priceChangeBody = z.object({
  planType: z.enum(BILLING_PLANS, `must be one of ${BILLING_PLANS.join(", ")}`),
  amountCents: z
    .number("must be a whole number of cents")
    .int("must be a whole number of cents")
    .positive("must be more than 0: a price is more than €0")
    .max(PRICE_MAX_CENTS, `must be at most ${PRICE_MAX_CENTS} (${euros(PRICE_MAX_CENTS)})`),
  effectiveDate: z.iso.date("must be a date (YYYY-MM-DD)").transform((d) => new Date(`${d}T00:00:00Z`)),
});

const csvHeaders = (filename: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${filename}"`,
  "Cache-Control": "no-store",
});

export const adminRoutes = new Hono<AppEnv>()
  .use("*", requireOperator)
  .use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  })
  .route("/health", deepHealthRoutes)
  // read-only: over SQL-over-HTTP, no WebSocket session (issue 38)
  .get("/monitoring", async (c) => c.json(await opsMonitoring(c.var.httpDb, c.var.config)))
  .get("/users", validate("query", usersQuery), async (c) => {
    const body: AdminUsersPage = await listUsers(c.var.db, c.req.valid("query"));
    return c.json(body);
  })
  .delete("/users/:id", validate("param", userId), async (c) => {
    const { id } = c.req.valid("param");
    const actor = c.var.user;
    if (id === actor.id) throw forbidden("You cannot delete your own account from the admin dashboard.");
    const db = c.var.db;
    const [target] = await db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1);
    if (!target) throw notFound("User not found.", "user_not_found");
    const result = await deleteUser(db, c.var.config, c.env.IMAGES, id, (tx, r) =>
      audit(tx, actor, "user.delete", { type: "user", id, details: { email: target.email, ...r } }),
    );
    log("info", "admin: user deleted", { requestId: c.var.requestId, userId: id, ...result });
    const body: AdminDeleteResult = { deleted: true, ...result };
    return c.json(body);
  })
  // the figures are one read-only statement each: over SQL-over-HTTP, no WebSocket session (issue 38)
  .get("/stats", async (c) => c.json(await figures.stats(c.var.httpDb, new Date())))
  .get("/analytics/users", async (c) => c.json(await figures.userAnalytics(c.var.httpDb, new Date())))
  .get("/analytics/generations", async (c) => c.json(await figures.generationAnalytics(c.var.httpDb, new Date())))
  .get("/model", async (c) =>
    c.json(await readModelStatus(c.var.db, c.env.IMAGES, c.var.config, new Date(), (model) => modelRetiredAt(c.env, model))),
  )
  .get("/analytics/likeness", validate("query", rangeQuery), async (c) => {
    const { from, to } = range(c.req.valid("query"));
    return c.json(await figures.likenessByStyle(c.var.httpDb, { from, to }));
  })
  .get("/analytics/shoots", validate("query", rangeQuery), async (c) => {
    const { from, to } = range(c.req.valid("query"));
    return c.json(await figures.shootAnalytics(c.var.httpDb, { from, to }));
  })
  .get("/analytics/refines", validate("query", rangeQuery), async (c) => {
    const { from, to } = range(c.req.valid("query"));
    return c.json(await figures.refineAnalytics(c.var.httpDb, { from, to }));
  })
  .get("/users-by-plan", async (c) => c.json(await figures.usersByPlan(c.var.httpDb, new Date())))
  .get("/financials/mrr", async (c) => {
    const body: Mrr = { mrr: await figures.mrr(c.var.httpDb, new Date()) };
    return c.json(body);
  })
  .get("/financials/arr", async (c) => {
    const body: Arr = { arr: (await figures.mrr(c.var.httpDb, new Date())) * 12 };
    return c.json(body);
  })
  .get("/financials/revenue-by-plan", validate("query", rangeQuery), async (c) => {
    const { from, to } = range(c.req.valid("query"));
    return c.json(await figures.revenueByPlan(c.var.httpDb, { from, to }));
  })
  .get("/financials/churn", validate("query", rangeQuery), async (c) => {
    const { from, to } = range(c.req.valid("query"));
    return c.json(await figures.churn(c.var.httpDb, { from: from ?? figures.last30Days(to).from, to }));
  })
  .get("/financials/profit-30d", async (c) => c.json(await figures.profit30d(c.var.httpDb, new Date())))
  .get("/financials/profit-mrr", async (c) => c.json(await figures.profitMrr(c.var.httpDb, new Date())))
  .post("/financials/backfill-invoices", async (c) => {
    const result = await backfillInvoices(c.var.db, c.var.config);
    await audit(c.var.db, c.var.user, "invoices.backfill", { type: "invoices", details: { ...result } });
    return c.json(result);
  })
  .get("/export/users.csv", async (c) => {
    await audit(c.var.db, c.var.user, "users.export", { type: "users" });
    return c.body(usersCsv(c.var.config), 200, csvHeaders("users.csv"));
  })
  .get("/export/financials.csv", validate("query", rangeQuery), async (c) => {
    const { from, to } = range(c.req.valid("query"));
    await audit(c.var.db, c.var.user, "financials.export", {
      type: "invoices",
      details: { from: from?.toISOString() ?? null, to: to.toISOString() },
    });
    return c.body(financialsCsv(c.var.config, { from, to }), 200, csvHeaders("financials.csv"));
  })
  .get("/moderation/headshots", validate("query", moderationQuery), async (c) =>
    c.json(await listForModeration(c.var.db, c.var.config, c.req.valid("query"))),
  )
  .post("/moderation/headshots/:id/approve", validate("param", headshotId), async (c) => {
    const { id } = c.req.valid("param");
    const body: ModerationResult = { id, moderationStatus: await approve(c.var.db, c.var.user, id) };
    return c.json(body);
  })
  .post("/moderation/headshots/:id/flag", validate("param", headshotId), validate("json", flagBody), async (c) => {
    const { id } = c.req.valid("param");
    const body: ModerationResult = { id, moderationStatus: await flag(c.var.db, c.var.user, id, c.req.valid("json").reason) };
    return c.json(body);
  })
  .delete("/moderation/headshots/batch", validate("json", batchBody), async (c) => {
    const body: ModerationBatchResult = await removeBatch(c.var.db, c.env.IMAGES, c.var.user, c.req.valid("json").ids);
    return c.json(body);
  })
  .get("/testimonials", validate("query", testimonialsQuery), async (c) => c.json(await listTestimonials(c.var.db, c.req.valid("query"))))
  .post("/testimonials/:id/approve", validate("param", headshotId), async (c) => {
    const { id } = c.req.valid("param");
    return c.json({ headshotId: id, testimonialStatus: await setTestimonialStatus(c.var.db, c.var.user, id, "approved") });
  })
  .post("/testimonials/:id/unpublish", validate("param", headshotId), async (c) => {
    const { id } = c.req.valid("param");
    return c.json({ headshotId: id, testimonialStatus: await setTestimonialStatus(c.var.db, c.var.user, id, "unpublished") });
  })
  .get("/pictures", async (c) => c.json(await listPictures(c.var.db, c.var.config)))
  .post("/pictures/:id/feature", validate("param", headshotId), async (c) => {
    const { id } = c.req.valid("param");
    return c.json({ headshotId: id, featured: await setPictureFeatured(c.var.db, c.var.user, id, true) });
  })
  .post("/pictures/:id/unfeature", validate("param", headshotId), async (c) => {
    const { id } = c.req.valid("param");
    return c.json({ headshotId: id, featured: await setPictureFeatured(c.var.db, c.var.user, id, false) });
  })
  .post("/pictures/:id/example", validate("param", headshotId), validate("json", exampleBody), async (c) => {
    const { id } = c.req.valid("param");
    return c.json({ headshotId: id, exampleSlot: await setPictureSlot(c.var.db, c.var.user, id, c.req.valid("json").slot) });
  })
  .get("/price-changes", async (c) => {
    const { db, config } = c.var;
    const now = new Date();
    const book = await loadPriceBook(db, config, now);
    const body: AdminPriceChanges = {
      currentPrices: BILLING_PLANS.map((planType) => ({ planType, amountCents: book.current[planType].amountCents })),
      earliestEffectiveDate: earliestEffectiveDate(now).toISOString().slice(0, 10),
      latestEffectiveDate: latestEffectiveDate(now).toISOString().slice(0, 10),
      priceChanges: await listPriceChanges(db),
    };
    return c.json(body);
  })
  .post("/price-changes", validate("json", priceChangeBody), async (c) => {
    const { planType, amountCents, effectiveDate } = c.req.valid("json");
    const { db, config, user } = c.var;
    const change = await schedulePriceChange(db, config, c.env.CHORES, user, {
      planType,
      amountCents,
      effectiveAt: effectiveDate,
    });
    await audit(db, user, "price_change.schedule", {
      type: "price_change",
      id: change.id,
      details: { planType, from: change.oldAmountCents, to: amountCents, effectiveDate: change.effectiveDate },
    });
    return c.json(change, 201);
  })
  .post("/price-changes/:id/withdraw", validate("param", priceChangeId), async (c) => {
    const { id } = c.req.valid("param");
    const { db, user } = c.var;
    const change = await withdrawPriceChange(db, c.env.CHORES, id);
    await audit(db, user, "price_change.withdraw", {
      type: "price_change",
      id,
      details: { planType: change.planType, from: change.oldAmountCents, to: change.newAmountCents, effectiveDate: change.effectiveDate },
    });
    return c.json(change);
  });
