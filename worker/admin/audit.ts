/** The operator's trail: every destructive or moderating action writes one entry (who, what, target, when). */
import type { Db, Tx } from "../../db";
import { adminAuditLog } from "../../db/schema";
import type { AuthUser } from "../env";

export type AuditAction =
  | "user.delete"
  | "invoices.backfill"
  | "users.export"
  | "financials.export"
  | "headshot.approve"
  | "headshot.flag"
  | "headshot.remove";

export async function audit(
  db: Db | Tx,
  actor: AuthUser,
  action: AuditAction,
  target: { type: "user" | "users" | "headshot" | "invoices"; id?: string | null },
  details?: Record<string, unknown>,
): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email,
    action,
    targetType: target.type,
    targetId: target.id ?? null,
    details: details ?? null,
  });
}
