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
  | "headshot.remove"
  | "testimonial.approve"
  | "testimonial.unpublish"
  | "picture.feature"
  | "picture.unfeature"
  | "picture.example"
  | "price_change.schedule"
  | "price_change.withdraw";

export interface AuditTarget {
  type: "user" | "users" | "headshot" | "invoices" | "rating" | "price_change";
  id?: string | null;
  details?: Record<string, unknown>;
}

/** One entry per target, in one statement. */
export async function audit(db: Db | Tx, actor: AuthUser, action: AuditAction, ...targets: AuditTarget[]): Promise<void> {
  if (targets.length === 0) return;
  await db.insert(adminAuditLog).values(
    targets.map((t) => ({
      actorUserId: actor.id,
      actorEmail: actor.email,
      action,
      targetType: t.type,
      targetId: t.id ?? null,
      details: t.details ?? null,
    })),
  );
}
