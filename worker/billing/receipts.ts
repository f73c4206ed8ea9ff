/**
 * Receipts (issue 35): the person gets an email for every payment and every refund, driven by Stripe's
 * events — `invoice.paid` (a first payment, a renewal, an upgrade's prorated charge) and `refund.created`
 * (ours and those made in Stripe's dashboard). The webhook processes an event id once, so each event
 * gives at most one email. A refund of a second subscription is already explained by its own email
 * (decision 090) and gets no receipt besides.
 */
import type Stripe from "stripe";
import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { invoices, refunds, users } from "../../db/schema";
import { type MailMessage, paymentReceiptEmail, refundReceiptEmail } from "../mail";
import { fromUnix, idOf } from "./stripe";
import { DUPLICATE_SUBSCRIPTION_REASON } from "./one-live";
import { userLocale } from "../lib";
import type { Locale } from "../../copy";

/** The address a receipt goes to and the language it is written in (the account's: issue 50). */
async function recipientOf(db: Db, userId: string | null): Promise<{ email: string; locale: Locale } | null> {
  if (!userId) return null;
  const [user] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return user ? { email: user.email, locale: userLocale(user) } : null;
}

/** The receipt this event calls for, or null. */
export async function receiptFor(db: Db, event: Stripe.Event): Promise<MailMessage | null> {
  if (event.type === "invoice.paid") {
    const invoice = event.data.object;
    const [row] = await db.select().from(invoices).where(eq(invoices.stripeInvoiceId, invoice.id!)).limit(1);
    const to = await recipientOf(db, row?.userId ?? null);
    if (!row || !to || row.amountCents <= 0) return null;
    // Amount and day go as values: the email writes them in the account's language ("29,99 €", "5. Dezember 2026").
    return paymentReceiptEmail(
      to.email,
      {
        amount: { cents: row.amountCents, currency: row.currency },
        plan: row.planType ?? null,
        date: row.paidAt ?? new Date(),
        invoiceUrl: invoice.hosted_invoice_url ?? null,
      },
      to.locale,
    );
  }
  if (event.type === "refund.created") {
    const refund = event.data.object;
    if (refund.status === "failed" || refund.status === "canceled") return null;
    const [stored] = await db.select({ reason: refunds.reason }).from(refunds).where(eq(refunds.stripeRefundId, refund.id)).limit(1);
    if (stored?.reason === DUPLICATE_SUBSCRIPTION_REASON) return null;
    const paymentIntentId = idOf(refund.payment_intent);
    const [paid] = paymentIntentId
      ? await db.select({ userId: invoices.userId }).from(invoices).where(eq(invoices.stripePaymentIntentId, paymentIntentId)).limit(1)
      : [];
    const to = await recipientOf(db, paid?.userId ?? null);
    if (!to) return null;
    return refundReceiptEmail(
      to.email,
      { amount: { cents: refund.amount, currency: refund.currency }, date: fromUnix(refund.created)! },
      to.locale,
    );
  }
  return null;
}
