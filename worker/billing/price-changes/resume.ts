/**
 * The cron's pass over price changes (decisions 250, 251, 275, 276): queues again every run of notices that stopped
 * before everyone was told or scheduled, and every withdrawal whose notices still owe a release or an email.
 */
import { and, eq, exists, isNotNull, lte } from "drizzle-orm";
import { priceChangeNotices, priceChanges } from "../../../db/schema";
import { errorFields, log, type JobDeps } from "../../lib";
import { loadPriceBook } from "../prices";
import { NOTICES_RESEND_MS } from "./batches";
import { queueNotices } from "./notices";
import { newestByPlan, settledBy } from "./rules";
import { queueWithdrawals, withdrawalOwed } from "./withdrawals";

/**
 * The cron (every few minutes): queues again every run that stopped before all were told, and each plan's newest
 * change while it can still move someone, for the subscriptions it has not scheduled yet (a joiner whose settle
 * failed, a resume no webhook told us of); and every withdrawn change whose notices still have a schedule or owe a
 * withdrawal email (decisions 251, 276). Either only once the change saw no activity for NOTICES_RESEND_MS; a
 * conditional update claims it, so two passes never queue it twice. Idempotent: nobody is emailed twice. Answers
 * how many subscriptions and notices were queued.
 */
export async function resumePriceChangeNotices(deps: Pick<JobDeps, "db" | "config" | "chores" | "now">): Promise<number> {
  const { db, config, chores, now } = deps;
  const book = await loadPriceBook(db, config, now);
  const newest = newestByPlan(book).filter((c) => now.getTime() < settledBy(c).getTime());
  const pending = [...new Map([...book.changes.filter((c) => c.status === "notifying"), ...newest].map((c) => [c.id, c])).values()];
  const withdrawn = await db
    .select()
    .from(priceChanges)
    .where(
      and(
        isNotNull(priceChanges.withdrawnAt),
        exists(
          db
            .select({ id: priceChangeNotices.id })
            .from(priceChangeNotices)
            .where(and(eq(priceChangeNotices.priceChangeId, priceChanges.id), withdrawalOwed)),
        ),
      ),
    );
  let done = 0;
  for (const change of [...pending, ...withdrawn]) {
    try {
      const [idle] = await db
        .update(priceChanges)
        .set({ updatedAt: now })
        .where(and(eq(priceChanges.id, change.id), lte(priceChanges.updatedAt, new Date(now.getTime() - NOTICES_RESEND_MS))))
        .returning();
      if (!idle) continue;
      done += idle.withdrawnAt ? await queueWithdrawals(db, chores, idle) : await queueNotices(db, chores, idle, { unsettledOnly: true });
    } catch (err) {
      log("error", "billing: price change notices not queued again", { priceChangeId: change.id, ...errorFields(err) });
    }
  }
  return done;
}
