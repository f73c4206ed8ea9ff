/**
 * A shoot finishes when the last of its pictures does (completed or failed). The generation job calls
 * `finishShoot` after each of a shoot's pictures ends; one guarded UPDATE marks the shoot finished once
 * (whichever picture is last, however deliveries race) and decides the email in the same statement:
 * sent only when the owner asked for it on the processing screen and is not watching it finish — their
 * processing screen did not ask about the shoot within WATCHING_WINDOW_MS (decision 131).
 */
import { eq, inArray, isNotNull, and, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots, users } from "../../db/schema";
import { type JobDeps, errorFields, log, userLocale } from "../lib";
import type { Config } from "../config";
import { createMailer, shootReadyEmail } from "../mail";
import { WATCHING_WINDOW_MS } from "../../domain/shoots";
import { appUrl, paths } from "../../domain/paths";

export interface Finished {
  userId: string;
  mail: boolean;
  ready: number;
  total: number;
}

/** Marks the shoot finished if none of its pictures is still being made; returns what happened, or null. */
export async function markShootFinished(db: Db, shootId: string): Promise<Finished | null> {
  const result = await db.execute(sql`
    with done as (
      update shoots s set
        finished_at = now(),
        notified_at = case
          when s.email_when_ready and (s.watched_at is null or s.watched_at < now() - make_interval(secs => ${WATCHING_WINDOW_MS / 1000}))
          then now() end
      where s.id = ${shootId} and s.finished_at is null
        and not exists (select 1 from headshots h where h.shoot_id = s.id and h.status in ('pending', 'processing'))
      returning s.id, s.user_id, s.notified_at
    )
    select d.user_id, d.notified_at is not null as mail,
      (select count(*)::int from headshots h where h.shoot_id = d.id and h.status = 'completed') as ready,
      (select count(*)::int from headshots h where h.shoot_id = d.id) as total
    from done d
  `);
  const [row] = result.rows as { user_id: string; mail: boolean; ready: number; total: number }[];
  return row ? { userId: row.user_id, mail: row.mail, ready: row.ready, total: row.total } : null;
}

/** After one of a shoot's pictures ended: finish the shoot if it was the last, and mail the owner if asked. */
export async function finishShoot(db: Db, env: Pick<Env, "IMAGES">, config: Config, shootId: string): Promise<Finished | null> {
  const finished = await markShootFinished(db, shootId);
  if (!finished?.mail) return finished;
  try {
    const [user] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, finished.userId));
    if (!user) return finished;
    const link = appUrl(config.APP_URL, paths.shoot(shootId));
    await createMailer(config, env).send(shootReadyEmail(user.email, link, finished, userLocale(user)));
  } catch (err) {
    // the pictures are there either way; the person finds them in the gallery
    log("error", "shoot ready email not sent", { shootId, ...errorFields(err) });
  }
  return finished;
}

/** The cron's part: the shoots of headshots the stuck-job sweeper failed finish too (once each). */
export async function finishShootsOf(
  { db, bucket, config }: Pick<JobDeps, "db" | "bucket" | "config">,
  headshotIds: string[],
): Promise<number> {
  if (headshotIds.length === 0) return 0;
  const rows = await db
    .selectDistinct({ shootId: headshots.shootId })
    .from(headshots)
    .where(and(inArray(headshots.id, headshotIds), isNotNull(headshots.shootId)));
  let finished = 0;
  for (const { shootId } of rows) {
    if (shootId && (await finishShoot(db, { IMAGES: bucket }, config, shootId))) finished++;
  }
  return finished;
}
