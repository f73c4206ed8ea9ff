/**
 * "What may this person do now": the one answer every route that generates (or shows what is left) asks.
 * A discriminated union, so a new source of generations (a team seat) is one more case that the
 * compiler then asks every `switch` to handle:
 * - `unverified`: no generation until the address is verified (free generations are granted then);
 * - `free`: `remaining` of the free generations left (0: used up), each charged to the credits ledger;
 * - `subscriber`: an entitled subscription (domain/plans.ts), unlimited within fair use (./fair-use.ts), no credit charged;
 * - `team`: a seat in a team whose subscription is entitled (issue 25): what a subscriber has, fair use
 *   counted per member; past_due pauses it as it pauses a person's plan.
 * Precedence: unverified, then subscriber, then team, then free.
 */
import { eq, sql } from "drizzle-orm";
import { preparedOn, type Db, type HttpDb, type Tx } from "../../db";
import { credits, subscriptions, teamMembers, users } from "../../db/schema";
import { needsSubscription, type DownloadOptions } from "../../domain/downloads";
import {
  hasActiveSubscription,
  paidTeamSeat,
  paidTeamSeatStatement,
  shownFrom,
  shownRank,
  shownSubscription,
  shownSubscriptionStatement,
  type ShownSubscription,
} from "../billing";
import type { PlanType } from "../../domain/plans";
import { notFound, subscriptionRequired, said } from "../lib";
import { m } from "../../copy";

export type Allowance =
  | { kind: "unverified" }
  | { kind: "free"; remaining: number; used: number }
  | { kind: "subscriber"; plan: PlanType }
  | { kind: "team"; teamId: string };

/** Whether the allowance has the paid features (no watermark, high resolution, presets, fair use instead of a count). */
export const hasPaidFeatures = (a: Allowance): a is Extract<Allowance, { kind: "subscriber" | "team" }> =>
  a.kind === "subscriber" || a.kind === "team";

/** Whether generating under this allowance takes a free generation from the ledger (watermarked). */
export const chargesFreeGenerations = (a: Allowance): a is Extract<Allowance, { kind: "free" }> => a.kind === "free";

/**
 * The user's allowance now; null when the user does not exist. `lock` takes the user's row FOR UPDATE
 * (inside a transaction), so one user's generate calls run one at a time (exact fair-use counts).
 */
export async function allowanceOf(db: Db | Tx, userId: string, opts: { lock?: boolean } = {}): Promise<Allowance | null> {
  const query = db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  const [user] = opts.lock ? await query.for("update") : await query;
  if (!user?.verifiedAt) return allowanceFrom(user);
  const subscription = await shownSubscription(db, userId);
  const seat = subscription?.entitled ? null : await paidTeamSeat(db, userId);
  const [row] = subscription?.entitled || seat ? [] : await creditsRowStatement(db, userId);
  return allowanceFrom(user, subscription, seat, row);
}

const creditsRowStatement = (db: Db | Tx | HttpDb, userId: string) =>
  db.select({ granted: credits.granted, used: credits.used }).from(credits).where(eq(credits.userId, userId));

/** The allowance from its parts (the precedence above): the user (undefined: no such user), their plan, a paid seat, their credits. */
function allowanceFrom(
  user: { verifiedAt: Date | null } | undefined,
  subscription?: ShownSubscription | null,
  seat?: { teamId: string } | null,
  row?: { granted: number; used: number },
): Allowance | null {
  if (!user) return null;
  if (!user.verifiedAt) return { kind: "unverified" };
  if (subscription?.entitled) return { kind: "subscriber", plan: subscription.planType };
  if (seat) return { kind: "team", teamId: seat.teamId };
  const used = row?.used ?? 0;
  return { kind: "free", remaining: Math.max(0, (row?.granted ?? 0) - used), used };
}

/**
 * `allowanceOf`'s reads as statements for one batch (`HttpDb.batch`: one round trip, issue 38), without the
 * lock: the user, their plan, a paid seat, their credits. `allowanceOfRows` reads the answers.
 */
export const allowanceStatements = (db: HttpDb, userId: string) =>
  [
    db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)),
    shownSubscriptionStatement(db, userId),
    paidTeamSeatStatement(db, userId),
    creditsRowStatement(db, userId),
  ] as const;

/** The allowance from the answers to `allowanceStatements`, in their order. */
export function allowanceOfRows([[user], subscription, [seat], [row]]: [
  { verifiedAt: Date | null }[],
  Parameters<typeof shownFrom>[0],
  { teamId: string }[],
  { granted: number; used: number }[],
]): Allowance | null {
  return allowanceFrom(user, shownFrom(subscription), seat, row);
}

/**
 * Whether the person has the paid features now (their own entitled plan or a paid team seat), whatever
 * their verification: the download options (high resolution, presets) ask this.
 */
export async function hasPaidAccess(db: Db | Tx, userId: string): Promise<boolean> {
  return (await hasActiveSubscription(db, userId)) || (await paidTeamSeat(db, userId)) !== null;
}

/**
 * Downloads (single and ZIP): free accounts get the `web` size only (watermarked, as their results are);
 * `high`, presets and custom sizes are part of a subscription (402 with the flag the web app opens its
 * dialog on).
 */
export async function refuseDownloadBeyondPlan(db: Db, userId: string, options: Pick<DownloadOptions, "resolution">): Promise<void> {
  if (needsSubscription(options) && !(await hasPaidAccess(db, userId))) {
    throw subscriptionRequired(said(m.errors_download_needs_subscription));
  }
}

/** GET /api/users/credits (SPEC §7). */
export interface CreditsAnswer {
  remaining: number;
  totalUsed: number;
  isVerified: boolean;
  /**
   * The person has a seat in a team whose Team plan gives the paid features now (issue 37), verified or
   * not: what they are promised on verifying is the seat (unlimited generations), not free generations.
   */
  teamSeat: boolean;
}

const creditsStatement = preparedOn((db) =>
  db
    .select({
      granted: credits.granted,
      used: credits.used,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      // paidTeamSeat's question, in the same statement (the same ranking: shownRank 0)
      teamSeat: sql<boolean>`exists (select 1 from ${teamMembers} inner join ${subscriptions} on ${subscriptions.teamId} = ${teamMembers.teamId}
        where ${teamMembers.userId} = ${users.id} and ${shownRank} = 0)`,
    })
    .from(users)
    .leftJoin(credits, eq(credits.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("read_credits"),
);

/** GET /api/users/credits: free generations left, used, and whether the email is verified. One statement over HTTP. */
export async function readCredits(db: HttpDb, userId: string): Promise<CreditsAnswer> {
  const [row] = await creditsStatement(db).execute({ userId });
  if (!row) throw notFound(said(m.errors_user_not_found), "user_not_found");
  const granted = row.granted ?? 0;
  const used = row.used ?? 0;
  return { remaining: Math.max(0, granted - used), totalUsed: used, isVerified: row.verified === true, teamSeat: row.teamSeat === true };
}
