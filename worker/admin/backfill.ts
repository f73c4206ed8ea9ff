/**
 * POST /api/admin/financials/backfill-invoices: pages through Stripe's paid invoices (100 at a time) and
 * records the ones our table lacks with billing/sync.ts recordInvoice — the same code the webhook uses —
 * so running it twice creates nothing the second time.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { invoices } from "../../db/schema";
import type { BackfillResult } from "../../domain/admin-api";
import { stripeClient, recordInvoice } from "../billing";
import type { Config } from "../config";

export async function backfillInvoices(db: Db, config: Config): Promise<BackfillResult> {
  const stripe = stripeClient(config);
  let examined = 0;
  let created = 0;
  let startingAfter: string | undefined;
  for (;;) {
    const page = await stripe.invoices.list({ status: "paid", limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) });
    const ids = page.data.map((i) => i.id!).filter(Boolean);
    examined += ids.length;
    if (ids.length) {
      const known = new Set(
        (await db.select({ id: invoices.stripeInvoiceId }).from(invoices).where(inArray(invoices.stripeInvoiceId, ids))).map((r) => r.id),
      );
      for (const id of ids) if (!known.has(id) && (await recordInvoice(db, config, id))) created++;
    }
    if (!page.has_more || ids.length === 0) break;
    startingAfter = ids[ids.length - 1];
  }
  return { examined, created };
}
