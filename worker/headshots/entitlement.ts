/**
 * Who may generate, and starting a generation atomically (docs/decisions/021-generate-one-transaction.md).
 *
 * One transaction: lock the user's row (so one user's generate calls run one at a time, which keeps
 * the fair-use count exact), flip the headshot pending → processing with a conditional UPDATE, and for
 * non-subscribers take a free generation with `UPDATE credits ... WHERE used < granted`. Any refusal
 * throws, which rolls the flip back. The queue message is sent only after the commit.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { credits, headshots, users } from "../../db/schema";
import { hasActiveSubscription } from "../billing/subscription";
import { preparedOn, type Db, type HttpDb } from "../../db";
import type { Config } from "../config";
import { ApiError, notFound, tooManyRequests } from "../lib/errors";
import { MESSAGES } from "../../domain/limits";
import type { HeadshotStatus } from "../../domain/api";

const verifyFirst = () => new ApiError(403, MESSAGES.verifyFirst, { requiresEmailVerification: true });
const freeUsed = () => new ApiError(402, MESSAGES.freeUsed, { requiresSubscription: true });

/**
 * The refusals of startGeneration, read-only, for the upload route: a photo that could not be generated
 * is never stored. (startGeneration still decides, atomically; this only saves a useless upload.)
 */
export async function refuseIfCannotGenerate(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt, granted: credits.granted, used: credits.used })
    .from(users)
    .leftJoin(credits, eq(credits.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound("User not found.");
  if (!row.verifiedAt) throw verifyFirst();
  if ((row.used ?? 0) < (row.granted ?? 0)) return;
  if (!(await hasActiveSubscription(db, userId))) throw freeUsed();
}

export type StartResult = { started: true } | { started: false; status: HeadshotStatus };

class AlreadyStarted extends Error {
  constructor(readonly status: HeadshotStatus) {
    super("already started");
  }
}

export async function startGeneration(
  db: Db,
  config: Pick<Config, "FAIR_USE_PER_HOUR">,
  userId: string,
  headshotId: string,
): Promise<StartResult> {
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, userId))
        .for("update");
      const [headshot] = await tx
        .select({ status: headshots.status })
        .from(headshots)
        .where(and(eq(headshots.id, headshotId), eq(headshots.userId, userId)));
      if (!user || !headshot) throw notFound("Headshot not found.");
      if (headshot.status !== "pending") throw new AlreadyStarted(headshot.status);
      if (!user.verifiedAt) throw verifyFirst();

      const subscriber = await hasActiveSubscription(tx, userId);
      if (subscriber) {
        const [recent] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(headshots)
          .where(and(eq(headshots.userId, userId), gte(headshots.queuedAt, sql`now() - interval '1 hour'`)));
        if ((recent?.n ?? 0) >= config.FAIR_USE_PER_HOUR) {
          throw tooManyRequests(
            `You've reached the fair-use limit of ${config.FAIR_USE_PER_HOUR} generations an hour. Please try again a little later.`,
            15 * 60,
          );
        }
      }

      const flipped = await tx
        .update(headshots)
        .set({ status: "processing", chargedCredit: !subscriber, queuedAt: sql`now()`, attempts: 0, error: null, updatedAt: sql`now()` })
        .where(and(eq(headshots.id, headshotId), eq(headshots.userId, userId), eq(headshots.status, "pending")))
        .returning({ id: headshots.id });
      if (flipped.length === 0) throw new AlreadyStarted("processing");

      if (!subscriber) {
        const charged = await tx
          .update(credits)
          .set({ used: sql`${credits.used} + 1`, updatedAt: sql`now()` })
          .where(and(eq(credits.userId, userId), sql`${credits.used} < ${credits.granted}`))
          .returning({ used: credits.used });
        if (charged.length === 0) throw freeUsed();
      }
    });
    return { started: true };
  } catch (err) {
    if (err instanceof AlreadyStarted) return { started: false, status: err.status };
    throw err;
  }
}

/** Undo a start whose queue message could not be sent: back to pending, free generation returned. */
export async function undoStart(db: Db, userId: string, headshotId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ charged: headshots.chargedCredit })
      .from(headshots)
      .where(and(eq(headshots.id, headshotId), eq(headshots.userId, userId), eq(headshots.status, "processing")))
      .for("update");
    if (!row) return;
    await tx
      .update(headshots)
      .set({ status: "pending", chargedCredit: false, queuedAt: null, updatedAt: sql`now()` })
      .where(eq(headshots.id, headshotId));
    if (row.charged) {
      await tx
        .update(credits)
        .set({ used: sql`greatest(${credits.used} - 1, 0)`, updatedAt: sql`now()` })
        .where(eq(credits.userId, userId));
    }
  });
}

const creditsStatement = preparedOn((db) =>
  db
    .select({ granted: credits.granted, used: credits.used, verified: sql<boolean>`${users.emailVerifiedAt} is not null` })
    .from(users)
    .leftJoin(credits, eq(credits.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("read_credits"),
);

/** GET /api/users/credits: free generations left, used, and whether the email is verified. One statement. */
export async function readCredits(db: HttpDb, userId: string) {
  const [row] = await creditsStatement(db).execute({ userId });
  if (!row) throw notFound("User not found.");
  const granted = row.granted ?? 0;
  const used = row.used ?? 0;
  return { remaining: Math.max(0, granted - used), totalUsed: used, isVerified: row.verified === true };
}
