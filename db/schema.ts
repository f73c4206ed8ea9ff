/**
 * The whole product's schema (SPEC §3). Money is integer cents, times are timestamptz, ids are UUIDs.
 * Every table a user owns cascades from `users`; financial records survive a user's deletion with the
 * owner set to null (bookkeeping), and so do audit entries.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { HEADSHOT_STATUSES, MODERATION_STATUSES } from "../domain/headshot-lifecycle";
import { TESTIMONIAL_STATUSES } from "../domain/ratings";
import { VERSION_KINDS } from "../domain/refine";
import { BILLING_PLANS, TEAM_PLAN } from "../domain/plans";
import { ENTITLED_STATUSES, LIVE_STATUSES } from "../domain/subscription-status";

const id = () =>
  uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const headshotStatus = pgEnum("headshot_status", HEADSHOT_STATUSES);
export const moderationStatus = pgEnum("moderation_status", MODERATION_STATUSES);
/**
 * The one plan enum (issue 49, decision 348): a person's plans and the Team plan, from domain/plans.ts's table. What a
 * subscription, its pending change, an invoice and a price change are of.
 */
export const billingPlan = pgEnum("billing_plan", BILLING_PLANS);
export const priceChangeStatus = pgEnum("price_change_status", ["notifying", "notified"]);

/** A status group of domain/subscription-status.ts as SQL's list, for partial indexes (drizzle-kit writes them out). */
const statusList = (group: readonly string[]) => sql.raw(`(${group.map((st) => `'${st}'`).join(", ")})`);

/** What the operator's search matches: the email and both names, lower-cased (pg_trgm indexes it). */
export const userSearchText = sql.raw(`lower(email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`);

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull().unique(), // stored trimmed and lower-cased
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    emailVerifiedAt: ts("email_verified_at"),
    googleSub: text("google_sub").unique(),
    stripeCustomerId: text("stripe_customer_id").unique(),
    /**
     * The account's language (issue 50, decision 340): what its emails, receipts, Stripe Checkout and the portal are
     * in, and the app's language on a browser with no `locale` cookie. Set at sign-up from the request's language
     * (the cookie, else Accept-Language) and by the switcher; null for accounts made before (English). One of
     * copy/'s locales, checked where it is written (worker/account/routes.ts, worker/lib/locale.ts).
     */
    locale: text("locale"),
    /** When the person confirmed they are 13 or older and accepted the terms (at sign-up; null for accounts made before). */
    termsAcceptedAt: ts("terms_accepted_at"),
    /**
     * Bumped whenever every session of the user ends (password reset or change, the first proof of the
     * address): access tokens carry it, and writes and operator rights refuse a token of an older epoch.
     */
    sessionEpoch: integer("session_epoch").notNull().default(0),
    /**
     * The fair-use allowance of a paid plan or seat (decision 295, domain/limits.ts FAIR_USE): the pictures it
     * held at `fair_use_at`; it refills from then at the plan's rate, up to its size. Null: full (never used).
     * Written only under the user's row lock, by worker/credits/fair-use.ts.
     */
    fairUseTokens: doublePrecision("fair_use_tokens"),
    fairUseAt: ts("fair_use_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // newest-first pages and the export's keyset read (created_at, id) from the index alone
    index("users_created_at_id_idx").on(t.createdAt, t.id),
    // the admin search: a trigram index on the text it searches (worker/admin/users.ts userSearchText)
    index("users_search_trgm_idx").using("gin", sql`${userSearchText} gin_trgm_ops`),
  ],
);

/** One password per user; the KDF parameters are stored with the hash so they can be raised later. */
export const passwordCredentials = pgTable("password_credentials", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  algorithm: text("algorithm").notNull(), // e.g. "pbkdf2-sha256"
  iterations: integer("iterations").notNull(),
  salt: text("salt").notNull(), // base64url
  hash: text("hash").notNull(), // base64url
  updatedAt: updatedAt(),
});

/**
 * A refresh-token family: one per sign-in. Only the newest token of a family is valid; presenting an
 * older one (reuse) revokes the whole family.
 */
export const refreshTokenFamilies = pgTable(
  "refresh_token_families",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    currentTokenHash: text("current_token_hash").notNull(),
    /** The token the last rotation replaced, accepted for a short grace window (decision 087). */
    previousTokenHash: text("previous_token_hash"),
    rotatedAt: ts("rotated_at"),
    generation: integer("generation").notNull().default(0),
    authMethod: text("auth_method").notNull(), // "password" | "google"
    authenticatedAt: ts("authenticated_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    revokedReason: text("revoked_reason"),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [index("refresh_token_families_user_idx").on(t.userId)],
);

/**
 * Single-use links mailed to prove control of an address: `verify` (the sign-up address), `reset` (a
 * password reset, to the account's address) and `email-change` (to `new_email`, which replaces the
 * account's address once the link is used). Only the token's SHA-256 is stored.
 */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull().default("verify"), // "verify" | "reset" | "email-change"
    newEmail: text("new_email"),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_verifications_user_idx").on(t.userId)],
);

/** Fixed-window counters for abuse limits (sign-in, sign-up, resend, fair use). */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_hits_window_idx").on(t.windowStart)],
);

/**
 * Operations counters per minute (issue 38, decision 188): events Monitoring and the cron's alerts read that no
 * other row records — a cron job's failure, a dead-lettered message, a model call's outcome, a 429 answered, an
 * alert sent. One upsert per event; the cron drops rows older than the longest window read.
 */
export const opsCounts = pgTable(
  "ops_counts",
  {
    name: text("name").notNull(),
    minute: ts("minute").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.minute] }), index("ops_counts_minute_idx").on(t.minute)],
);

/** Free generations: granted once at email verification, consumed atomically, refunded on failure. */
export const credits = pgTable(
  "credits",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    granted: integer("granted").notNull().default(0),
    used: integer("used").notNull().default(0),
    grantedAt: ts("granted_at"),
    updatedAt: updatedAt(),
  },
  (t) => [check("credits_used_within_granted", sql`${t.used} >= 0 and ${t.used} <= ${t.granted}`)],
);

/**
 * A shoot (issue 24): one Generate of several styles from up to SHOOT_MAX_PHOTOS photos of one person.
 * Each style is a headshot row (`headshots.shoot_id`); each of those rows keeps its own copy of the
 * shoot's photos under its own prefix (the first as `original`, the others as `reference-N`), so deleting
 * a picture, retention and moderation work per headshot as before (docs/decisions/130-shoots.md).
 */
export const shoots = pgTable(
  "shoots",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The styles asked for, in the order chosen (one headshot each). */
    styles: text("styles").array().notNull(),
    /** How many reference photos were uploaded (1 to SHOOT_MAX_PHOTOS); every headshot has them all. */
    photoCount: smallint("photo_count").notNull(),
    /** Mail the owner a link when the last picture is done (the processing screen's switch). */
    emailWhenReady: boolean("email_when_ready").notNull().default(false),
    /** The last time the owner's processing screen asked how the shoot is going (decision 131). */
    watchedAt: ts("watched_at"),
    /** When the "your shoot is ready" email went out (at most once). */
    notifiedAt: ts("notified_at"),
    createdAt: createdAt(),
    /** When the last of its headshots finished (completed or failed). */
    finishedAt: ts("finished_at"),
  },
  (t) => [
    check("shoots_photo_count", sql`${t.photoCount} between 1 and 3`),
    index("shoots_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);

export const headshots = pgTable(
  "headshots",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    style: text("style").notNull(),
    gender: text("gender"),
    status: headshotStatus("status").notNull().default("pending"),
    moderationStatus: moderationStatus("moderation_status").notNull().default("pending"),
    /** Null once retention deleted the objects (images_deleted_at); a live row always has one. */
    originalKey: text("original_key"),
    originalMime: text("original_mime").notNull(),
    resultKey: text("result_key"),
    resultMime: text("result_mime"),
    encryptionKeyId: text("encryption_key_id").notNull(),
    watermarked: boolean("watermarked"),
    chargedCredit: boolean("charged_credit").notNull().default(false),
    /** It took one picture from its owner's fair-use allowance (decision 295): a failure gives it back, once. */
    fairUseCharged: boolean("fair_use_charged").notNull().default(false),
    /** The free generation it took was given back (a failed generation, or moderation removed it); tells the owner so. */
    creditRefunded: boolean("credit_refunded").notNull().default(false),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    queuedAt: ts("queued_at"),
    /**
     * Until when the generation is accounted for (issue 34, decision 190): the try under way holds it for its
     * longest run, a retry or a quota wait for its delay plus that. The stuck-job sweeper fails only rows whose
     * lease ran out STUCK_AFTER_MINUTES ago (queued_at when no try has started yet).
     */
    leaseUntil: ts("lease_until"),
    /**
     * Set only while the generation waits for the model's quota (issue 34): the reserved slot of its next try.
     * The status poll reads it from the same row to say "busy: queued, about N minutes"; a try clears it.
     */
    waitUntil: ts("wait_until"),
    startedAt: ts("started_at"),
    completedAt: ts("completed_at"),
    durationMs: integer("duration_ms"),
    costCents: integer("cost_cents"),
    /**
     * The image model id that made the result (issue 48, decision 343): the model of the chain that served this
     * generation (GEMINI_MODEL, or a fallback after a 404: decision 290), written when it completes. Its signed
     * Content Credentials name it; null on rows completed before it was recorded.
     */
    model: text("model"),
    /**
     * When retention (worker/headshots/retention.ts) took this headshot's photos away: from then on no
     * route serves it (410); the object keys are nulled once the objects are gone. The row stays as a
     * tombstone for the operator's figures (docs/decisions/025-retention.md).
     */
    imagesDeletedAt: ts("images_deleted_at"),
    /**
     * How much the result's face resembles the uploaded photo's, 0–100, as reported by the owner's browser
     * (face descriptors, issue 26): the first report is kept (docs/decisions/117-likeness.md). Null until
     * the result has been shown, or when either picture has no face the model could find.
     */
    likeness: smallint("likeness"),
    likenessReportedAt: ts("likeness_reported_at"),
    /** The shoot this picture belongs to (issue 24); null for a single-style generation. */
    shootId: uuid("shoot_id").references(() => shoots.id, { onDelete: "set null" }),
    /**
     * The background colour (#RRGGBB) the prompt asked for: set when a team member generated in the team's
     * brand look (issue 25), null otherwise.
     */
    backgroundColor: text("background_color"),
    /**
     * Versions (issue 36, decision 200): a refine ("edit", with its `instruction`) or a redo ("redo") is a new
     * headshot row of the same headshot, made through the same generation pipeline. `version_of` is the first
     * version's id (null on the first version itself), `version` counts from 1, `edit_of` the version an edit
     * started from. A version shares its first version's photos (`original_key`), never a shoot (`shoot_id` null).
     */
    kind: text("kind", { enum: VERSION_KINDS }).notNull().default("generate"),
    versionOf: uuid("version_of").references((): AnyPgColumn => headshots.id, { onDelete: "cascade" }),
    version: smallint("version").notNull().default(1),
    editOf: uuid("edit_of").references((): AnyPgColumn => headshots.id, { onDelete: "set null" }),
    instruction: text("instruction"),
    /** A redo given free ("Doesn't look like me", decision 202): one per headshot that did not fail. */
    freeRedo: boolean("free_redo").notNull().default(false),
    /** "Use this version": the gallery shows the version chosen last, else the newest finished one. */
    chosenAt: ts("chosen_at"),
    /**
     * The team's backdrop photo this generation sends the model beside the person's photos (issue 37,
     * decision 256): the team's object key as it was at upload; null without one.
     */
    backdropKey: text("backdrop_key"),
    /** The team's outfit rule at upload (suit, smart-casual, own), null otherwise. */
    outfit: text("outfit"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("headshots_likeness_percent", sql`${t.likeness} between 0 and 100`),
    check("headshots_kind", sql`${t.kind} in ('generate', 'edit', 'redo')`),
    check(
      "headshots_version_shape",
      sql`(${t.versionOf} is null) = (${t.version} = 1) and (${t.kind} = 'edit') = (${t.instruction} is not null) and (${t.kind} = 'generate') = (${t.versionOf} is null) and (not ${t.freeRedo} or ${t.kind} = 'redo')`,
    ),
    uniqueIndex("headshots_version_idx")
      .on(t.versionOf, t.version)
      .where(sql`${t.versionOf} is not null`),
    // the free redo, once per headshot: a failed one frees it again (decision 202)
    uniqueIndex("headshots_one_free_redo")
      .on(t.versionOf)
      .where(sql`${t.freeRedo} and ${t.status} <> 'failed'`),
    index("headshots_user_created_idx").on(t.userId, t.createdAt.desc()),
    // the operator's users table and export: each user's generated headshots (count, latest) from the
    // index alone, instead of visiting every headshot row (060-admin-figures.md)
    index("headshots_user_generated_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.status} <> 'pending'`),
    // the same table's headshot count: each headshot once, not each of its versions (issue 46), counted from
    // this index alone (a version is a row of its own, decision 200)
    index("headshots_user_first_generated_idx")
      .on(t.userId)
      .where(sql`${t.status} <> 'pending' and ${t.versionOf} is null`),
    // the retention sweep walks finished headshots that still have photos, oldest first, from the index
    // alone (user_id for the hashed anti-join with the kept users, id for the batch); 025-retention.md
    index("headshots_retention_idx")
      .on(t.createdAt, t.userId, t.id)
      .where(sql`${t.imagesDeletedAt} is null and ${t.status} in ('completed', 'failed')`),
    // marked but objects not yet confirmed deleted (a failed delete): normally empty
    index("headshots_retention_unfinished_idx")
      .on(t.imagesDeletedAt)
      .where(sql`${t.imagesDeletedAt} is not null and ${t.originalKey} is not null`),
    index("headshots_status_queued_idx").on(t.status, t.queuedAt),
    // every foreign key has an index (db/foreign-key-indexes.test.ts): deleting a headshot looks up its edits
    index("headshots_edit_of_idx")
      .on(t.editOf)
      .where(sql`${t.editOf} is not null`),
    index("headshots_created_idx").on(t.createdAt),
    index("headshots_moderation_idx").on(t.moderationStatus, t.createdAt),
    // the operator's average likeness per style over a range of days, from the index alone (117-likeness.md)
    index("headshots_shoot_idx")
      .on(t.shootId)
      .where(sql`${t.shootId} is not null`),
    index("headshots_likeness_idx")
      .on(t.createdAt, t.style, t.likeness)
      .where(sql`${t.likeness} is not null`),
  ],
);

/**
 * Headshots per UTC creation day and status, with their cost and generation time: kept by a trigger on
 * `headshots` (db/migrations/0002_admin.sql), so the operator's totals read a few thousand rows instead
 * of a million (docs/decisions/060-admin-figures.md). Never written by the application.
 * Each (day, status) is split into HEADSHOT_DAY_TOTALS_SHARDS rows, a headshot counted in the shard its
 * id hashes to, so concurrent generations lock different rows; readers sum the shards
 * (docs/decisions/241-sharded-day-totals.md, db/migrations of the same name).
 */
/**
 * Every free redo a person started (decision 202, issue 46): the record that it was taken, kept when the redo
 * or its headshot is deleted, so deleting a version never offers its free redo again, nor reopens the day's
 * limit. `given_back_at`: the redo failed (or was removed), so it is offered again. No foreign key to the
 * headshots on purpose: the row outlives them.
 */
export const freeRedos = pgTable(
  "free_redos",
  {
    /** The redo's headshot row (the version it made). */
    redoId: uuid("redo_id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The first version of the headshot it redid: one free redo per picture. */
    firstId: uuid("first_id").notNull(),
    givenBackAt: ts("given_back_at"),
    createdAt: createdAt(),
  },
  (t) => [index("free_redos_user_created_idx").on(t.userId, t.createdAt), index("free_redos_first_idx").on(t.firstId)],
);

export const HEADSHOT_DAY_TOTALS_SHARDS = 16;
export const headshotDayTotals = pgTable(
  "headshot_day_totals",
  {
    day: date("day").notNull(),
    status: headshotStatus("status").notNull(),
    /** hashtext(headshot id) & (HEADSHOT_DAY_TOTALS_SHARDS - 1): 0 for the totals from before the shards. */
    shard: smallint("shard").notNull().default(0),
    headshots: integer("headshots").notNull().default(0),
    costCents: bigint("cost_cents", { mode: "number" }).notNull().default(0),
    /** Σ duration_ms over the rows that have one, and how many they are. */
    durationMs: bigint("duration_ms", { mode: "number" }).notNull().default(0),
    timed: integer("timed").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.shard] })],
);

/**
 * Users per UTC sign-up day, kept by a trigger on `users` (db/migrations/0005_admin_perf.sql) like
 * headshot_day_totals, for the user counts of the operator's figures. Never written by the application.
 */
export const userDayTotals = pgTable("user_day_totals", {
  day: date("day").primaryKey(),
  users: integer("users").notNull().default(0),
});

/**
 * Paid invoices per UTC day of payment and plan (`other`: a price that is none of ours), kept by a
 * trigger on `invoices` like headshot_day_totals, for revenue over long ranges. Never written by the
 * application.
 */
export const invoiceDayTotals = pgTable(
  "invoice_day_totals",
  {
    day: date("day").notNull(),
    plan: text("plan").notNull(),
    paidCents: bigint("paid_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.plan] })],
);

/**
 * Every subscription, a person's plan or a team's (issue 37, decision 210): one table, one ranking and lookup
 * (worker/billing/subscription.ts), copied from Stripe by worker/billing/sync.ts. A person's plan has its
 * `user_id` (and no team); a Team plan's has its `team_id` and no person, and keeps the row with `team_id`
 * null once the team was closed, for the operator's figures. `seats` is the item's quantity (1 for a
 * person's plan). The pending change (issue 49: one for a plan and for seats, decision 346): what the Stripe
 * schedule's next phase changes at `scheduled_at` — another plan (`scheduled_plan_type`, a person's downgrade)
 * or fewer seats (`scheduled_seats`, decision 143); null when nothing changes then. A price change's own date is
 * its notice's (`price_change_notices.switch_at`).
 * `amount_cents` / `currency` / `interval` / `interval_count`: what Stripe bills each period for it, as
 * Stripe's subscription says (the item's price × quantity), stored so MRR, ARR and churn never read a price
 * from domain/plans.ts (a changed launch price never rewrites past figures).
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    /** A person's plan: its person (deleted with them). Null for a Team plan. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A Team plan: its team; null once the team was closed (the row stays, like invoices). */
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "set null" }),
    stripeSubscriptionId: text("stripe_subscription_id").notNull().unique(),
    stripePriceId: text("stripe_price_id").notNull(),
    planType: billingPlan("plan_type").notNull(),
    status: text("status").notNull(), // Stripe's value: active, canceled, past_due, incomplete, ...
    seats: integer("seats").notNull().default(1),
    scheduledPlanType: billingPlan("scheduled_plan_type"),
    scheduledSeats: integer("scheduled_seats"),
    scheduledAt: ts("scheduled_at"),
    stripeScheduleId: text("stripe_schedule_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    interval: text("interval", { enum: ["day", "week", "month", "year"] }).notNull(),
    intervalCount: integer("interval_count").notNull().default(1),
    currentPeriodStart: ts("current_period_start"),
    currentPeriodEnd: ts("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: ts("canceled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // exactly one owner: a person's plan its person; a Team plan never a person (its team, or none once closed)
    check(
      "subscriptions_one_owner",
      sql`num_nonnulls(${t.userId}, ${t.teamId}) <= 1 and ((${t.planType} = ${sql.raw(`'${TEAM_PLAN.id}'`)}) = (${t.userId} is null))`,
    ),
    check("subscriptions_amount", sql`${t.amountCents} >= 0 and ${t.intervalCount} >= 1 and ${t.seats} >= 1`),
    check("subscriptions_interval", sql`${t.interval} in ('day', 'week', 'month', 'year')`),
    index("subscriptions_user_idx").on(t.userId, t.status),
    index("subscriptions_team_idx").on(t.teamId, t.status),
    index("subscriptions_status_idx").on(t.status, t.createdAt),
    index("subscriptions_canceled_idx").on(t.canceledAt),
    // MRR, active subscriptions and users by plan read the live ones from this index alone
    index("subscriptions_live_idx")
      .on(t.status, t.currentPeriodEnd, t.planType, t.userId, t.createdAt)
      .where(sql`${t.status} in ${statusList(LIVE_STATUSES)}`),
    // users by plan: the entitled ones in user order, so distinct users are counted in one pass without a sort
    index("subscriptions_entitled_user_idx")
      .on(t.userId, t.planType, t.currentPeriodEnd, t.createdAt)
      .where(sql`${t.status} in ${statusList(ENTITLED_STATUSES)}`),
  ],
);

/**
 * A plan's new price from a date (issue 22; decision 093). `status` is the notice run: `notifying` until
 * every subscriber of the plan when it was scheduled has been emailed and given a subscription schedule,
 * then `notified`. The price itself is current from `effective_at` (worker/billing/prices.ts).
 */
export const priceChanges = pgTable(
  "price_changes",
  {
    id: id(),
    planType: billingPlan("plan_type").notNull(),
    oldAmountCents: integer("old_amount_cents").notNull(),
    newAmountCents: integer("new_amount_cents").notNull(),
    currency: text("currency").notNull(),
    oldStripePriceId: text("old_stripe_price_id").notNull(),
    stripePriceId: text("stripe_price_id").notNull().unique(),
    effectiveAt: ts("effective_at").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    status: priceChangeStatus("status").notNull().default("notifying"),
    /** withdrawn by the operator before anyone moved (decision 196): out of the price book */
    withdrawnAt: ts("withdrawn_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("price_changes_plan_idx").on(t.planType, t.effectiveAt),
    index("price_changes_created_by_idx")
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
    check("price_changes_amounts", sql`${t.newAmountCents} > 0 and ${t.newAmountCents} <> ${t.oldAmountCents}`),
  ],
);

/**
 * Who was told of a price change, once per subscription (a retry finds the row and sends nothing), and
 * the Stripe schedule that moves that subscription to the new price at `switchAt`.
 */
export const priceChangeNotices = pgTable(
  "price_change_notices",
  {
    id: id(),
    priceChangeId: uuid("price_change_id")
      .notNull()
      .references(() => priceChanges.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    stripeSubscriptionId: text("stripe_subscription_id").notNull(),
    email: text("email").notNull(),
    emailedAt: ts("emailed_at"),
    stripeScheduleId: text("stripe_schedule_id"),
    switchAt: ts("switch_at"),
    /** told the change is withdrawn (decision 251): claimed before sending, cleared if the send fails, so the cron sends it again */
    withdrawalEmailedAt: ts("withdrawal_emailed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("price_change_notices_one_per_subscription").on(t.priceChangeId, t.stripeSubscriptionId),
    index("price_change_notices_user_idx").on(t.userId),
  ],
);

/** Paid invoices, kept for bookkeeping after the user is deleted (owner set to null). */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    stripeInvoiceId: text("stripe_invoice_id").notNull().unique(),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** The plan it bills (a Team subscription's: the Team plan, decision 143); null for a price that is not ours. */
    planType: billingPlan("plan_type"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("eur"),
    status: text("status").notNull(),
    billingReason: text("billing_reason"),
    periodStart: ts("period_start"),
    periodEnd: ts("period_end"),
    paidAt: ts("paid_at"),
    /** The payment behind it: a refund names the payment intent, this leads back to the invoice. */
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoices_paid_at_idx").on(t.paidAt),
    index("invoices_user_idx").on(t.userId),
    index("invoices_payment_intent_idx").on(t.stripePaymentIntentId),
  ],
);

/** Refunds (ours and those made in Stripe's dashboard), subtracted from revenue; kept like invoices. */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    stripeRefundId: text("stripe_refund_id").notNull().unique(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    stripeInvoiceId: text("stripe_invoice_id"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("eur"),
    reason: text("reason"),
    refundedAt: ts("refunded_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("refunds_refunded_at_idx").on(t.refundedAt), index("refunds_user_idx").on(t.userId)],
);

/**
 * What an address already had, once per person whatever was deleted in between (issue 35, decision 176):
 * keyed by an HMAC of the normalised address (never the address itself, so a deleted account leaves no
 * address behind). `free_generations_user`: the account that got the free generations; the money-back
 * column: when the guarantee was used for a person's own subscription, and as a team's owner.
 */
export const addressBenefits = pgTable("address_benefits", {
  addressKey: text("address_key").primaryKey(),
  freeGenerationsUser: uuid("free_generations_user"),
  /**
   * The money-back guarantees the address used (issue 49: one column): when, by whose subscription it was —
   * `{"own": "<ISO time>", "team": "<ISO time>"}`, a person's own and as a team's owner, each once.
   */
  moneyBack: jsonb("money_back").$type<Partial<Record<"own" | "team", string>>>().notNull().default({}),
  createdAt: createdAt(),
});

/**
 * Short leases that make changes of one thing run one at a time across requests (issue 35: a team's
 * billing changes, decision 177): held by `holder` until released or `expires_at` passes (a request that
 * died). Not a Postgres lock, so no connection is held open across calls to Stripe.
 */
export const leases = pgTable("leases", {
  key: text("key").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: ts("expires_at").notNull(),
});

/** Webhook idempotency: an event id is processed once. */
export const processedProviderEvents = pgTable("processed_provider_events", {
  id: text("id").primaryKey(), // the provider's event id
  provider: text("provider").notNull().default("stripe"),
  type: text("type").notNull(),
  processedAt: ts("processed_at").notNull().defaultNow(),
});

/**
 * A person's rating of one of their results (issue 26): one per headshot (the key), owner only. A comment
 * published with consent (first name and role as they typed them) waits for the operator: pending →
 * approved (on the landing) or unpublished. docs/decisions/113-ratings-and-testimonials.md.
 */
export const ratings = pgTable(
  "ratings",
  {
    headshotId: uuid("headshot_id")
      .primaryKey()
      .references(() => headshots.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stars: smallint("stars").notNull(),
    comment: text("comment"),
    publishConsent: boolean("publish_consent").notNull().default(false),
    firstName: text("first_name"),
    role: text("role"),
    /** null when there is nothing to publish (no comment, or no consent). */
    testimonialStatus: text("testimonial_status", { enum: TESTIMONIAL_STATUSES }),
    reviewedAt: ts("reviewed_at"),
    /** The owner agreed that this headshot and the photo it was made from may be shown on the website (decision 183). */
    pictureConsent: boolean("picture_consent").notNull().default(false),
    /** When the operator chose it for the landing's real results; null when not shown. Needs the consent. */
    pictureFeaturedAt: ts("picture_featured_at"),
    /** The landing place the operator gave it (decision 252): a style's example or the before/after; one picture per place. Needs the consent. */
    exampleSlot: text("example_slot").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("ratings_stars_range", sql`${t.stars} between 1 and 5`),
    check("ratings_testimonial_status", sql`${t.testimonialStatus} in ('pending', 'approved', 'unpublished')`),
    // only a comment with consent, a first name and a role can be published at all
    check(
      "ratings_publishable",
      sql`${t.testimonialStatus} is null or (${t.publishConsent} and ${t.comment} is not null and ${t.firstName} is not null and ${t.role} is not null)`,
    ),
    check("ratings_picture_featurable", sql`${t.pictureFeaturedAt} is null or ${t.pictureConsent}`),
    check("ratings_example_consented", sql`${t.exampleSlot} is null or ${t.pictureConsent}`),
    index("ratings_user_idx").on(t.userId),
    index("ratings_testimonials_idx")
      .on(t.testimonialStatus, t.createdAt)
      .where(sql`${t.testimonialStatus} is not null`),
  ],
);

export const moderationFlags = pgTable(
  "moderation_flags",
  {
    id: id(),
    headshotId: uuid("headshot_id")
      .notNull()
      .references(() => headshots.id, { onDelete: "cascade" }),
    flaggedBy: uuid("flagged_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_flags_headshot_idx").on(t.headshotId),
    index("moderation_flags_flagged_by_idx")
      .on(t.flaggedBy)
      .where(sql`${t.flaggedBy} is not null`),
  ],
);

export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: id(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_created_idx").on(t.createdAt),
    index("admin_audit_log_actor_idx")
      .on(t.actorUserId)
      .where(sql`${t.actorUserId} is not null`),
  ],
);

/**
 * Teams (issue 25, docs/decisions/140-teams.md). One owner per team and one team per owner; the owner
 * cannot be deleted while the team exists (`restrict`): the team is closed first (decision 141).
 */
export const teams = pgTable(
  "teams",
  {
    id: id(),
    name: text("name").notNull(),
    ownerUserId: uuid("owner_user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The brand look: one of the 10 styles and a background colour (#RRGGBB); null until the owner picks them. */
    style: text("style"),
    brandColor: text("brand_color"),
    /** Reminders (issue 37, decision 222): members without a chosen photo this many days after joining are reminded; weekly by the cron when `auto_remind`. */
    remindAfterDays: integer("remind_after_days").notNull().default(3),
    autoRemind: boolean("auto_remind").notNull().default(false),
    /**
     * The company's backdrop photo (issue 37, decision 255): the encrypted object under the team's prefix
     * (`t/<team>/backdrop-<uuid>`), reduced as every upload is; null: the backdrop is the brand colour.
     */
    backdropKey: text("backdrop_key"),
    /** The outfit rule beside the backdrop: suit, smart-casual or own; null: the style's own clothing. */
    outfit: text("outfit"),
    /** The profile-picture template (decision 257): round or square, its side in pixels and a border in the brand colour. */
    templateShape: text("template_shape"),
    templateSize: smallint("template_size"),
    templateBorder: smallint("template_border"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("teams_brand_color", sql`${t.brandColor} is null or ${t.brandColor} ~ '^#[0-9A-F]{6}$'`),
    check("teams_outfit", sql`${t.outfit} is null or ${t.outfit} in ('suit', 'smart-casual', 'own')`),
    check(
      "teams_template",
      sql`(${t.templateShape} is null and ${t.templateSize} is null and ${t.templateBorder} is null) or (${t.templateShape} in ('round', 'square') and ${t.templateSize} between 128 and 2048 and ${t.templateBorder} between 0 and 64)`,
    ),
  ],
);

/**
 * Who is in which team: the user id is the key, so a person belongs to at most one team. The chosen
 * photo is one of the member's own headshots (checked in SQL when chosen); leaving deletes the row, so a
 * member who leaves disappears from the team's grid at once.
 */
export const teamMembers = pgTable(
  "team_members",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "member"] }).notNull(),
    chosenHeadshotId: uuid("chosen_headshot_id").references(() => headshots.id, { onDelete: "set null" }),
    joinedAt: ts("joined_at").notNull().defaultNow(),
    /** The capture link they joined through (issue 37), null for the owner and invited members. */
    captureLinkId: uuid("capture_link_id").references(() => teamCaptureLinks.id, { onDelete: "set null" }),
    /** The last reminder to choose a photo and how many were sent (decision 222: at most one a week). */
    remindedAt: ts("reminded_at"),
    reminderCount: integer("reminder_count").notNull().default(0),
  },
  (t) => [
    check("team_members_role", sql`${t.role} in ('owner', 'member')`),
    index("team_members_team_idx").on(t.teamId),
    index("team_members_chosen_idx")
      .on(t.chosenHeadshotId)
      .where(sql`${t.chosenHeadshotId} is not null`),
    index("team_members_capture_link_idx")
      .on(t.captureLinkId)
      .where(sql`${t.captureLinkId} is not null`),
    uniqueIndex("team_members_one_owner")
      .on(t.teamId)
      .where(sql`${t.role} = 'owner'`),
  ],
);

/**
 * Capture links (issue 37, decision 220): one link a team's owner posts (in Slack, say); anyone signed in
 * with a verified address at one of `domains` (lower-case ASCII, IDNs as punycode, exact match) joins,
 * up to `max_joins` people, until `expires_at`, unless revoked. Only the token's SHA-256 is stored.
 */
export const teamCaptureLinks = pgTable(
  "team_capture_links",
  {
    id: id(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    domains: text("domains").array().notNull(),
    maxJoins: integer("max_joins").notNull(),
    /** How many people the link has let in, whoever has left since: the cap counts admissions (issue 46). */
    admitted: integer("admitted").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("team_capture_links_team_idx").on(t.teamId, t.createdAt),
    index("team_capture_links_created_by_idx")
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
    check("team_capture_links_max_joins", sql`${t.maxJoins} > 0`),
    check("team_capture_links_domains", sql`cardinality(${t.domains}) > 0`),
  ],
);

/**
 * People a team's owner removed (issue 46): a capture link does not let them in again; an invitation from the
 * owner still does (and clears the row). One row per team and person.
 */
export const teamRemovals = pgTable(
  "team_removals",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    removedAt: ts("removed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index("team_removals_user_idx").on(t.userId)],
);

/**
 * Invitations by email: one link each (only the token's SHA-256 is stored), single use, expiring
 * TEAM_INVITATION_DAYS after it was sent or re-sent, revocable. An open one (neither accepted nor revoked
 * nor expired) holds a seat (decision 142). At most one open invitation per address per team.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: id(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    email: text("email").notNull(), // trimmed and lower-cased, like users.email
    /** The name given with the address in an imported list (issue 37); null when invited one by one. */
    name: text("name"),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: ts("expires_at").notNull(),
    sentAt: ts("sent_at").notNull().defaultNow(),
    resentCount: integer("resent_count").notNull().default(0),
    acceptedAt: ts("accepted_at"),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("team_invitations_team_idx").on(t.teamId, t.createdAt),
    index("team_invitations_invited_by_idx")
      .on(t.invitedBy)
      .where(sql`${t.invitedBy} is not null`),
    index("team_invitations_accepted_by_idx")
      .on(t.acceptedBy)
      .where(sql`${t.acceptedBy} is not null`),
    uniqueIndex("team_invitations_one_open")
      .on(t.teamId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

export type User = typeof users.$inferSelect;
export type Headshot = typeof headshots.$inferSelect;
export type Shoot = typeof shoots.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type Rating = typeof ratings.$inferSelect;
export type PriceChange = typeof priceChanges.$inferSelect;
export type Team = typeof teams.$inferSelect;
