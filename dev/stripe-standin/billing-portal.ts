/** The customer portal: its sessions (`/v1/billing_portal/sessions`) and the card change it offers. */
import { attachCard, cardForNumber, declineMessage } from "./engine/cards";
import { updateCustomer } from "./engine/customer";
import { updateSubscription } from "./engine/subscription";
import type { Api } from "./router";
import { PORTAL_LOCALES } from "./locales";
import type { Standin } from "./standin";
import { newId, type CustomerRecord } from "./store";

/**
 * The portal's "Update card": the card becomes the customer's default and replaces the card on their
 * live subscriptions that had one of their own, as Stripe's portal does.
 */
export function replaceDefaultCard(
  s: Standin,
  customer: CustomerRecord,
  cardNumber: string,
): { ok: true } | { ok: false; message: string } {
  const card = cardForNumber(cardNumber);
  if (!card) return { ok: false, message: "Your card number is incorrect." };
  if (card.behaviour === "declined_on_attach") return { ok: false, message: declineMessage(card.declineCode) };
  const pm = attachCard(s, card, customer);
  updateCustomer(s, customer, (c) => (c.defaultPaymentMethod = pm.id));
  for (const sub of s.store.subscriptions.values()) {
    if (sub.customer === customer.id && sub.status !== "canceled" && sub.defaultPaymentMethod) {
      updateSubscription(s, sub, (r) => (r.defaultPaymentMethod = pm.id));
    }
  }
  return { ok: true };
}

export function portalRoutes(api: Api): void {
  const { store, objects } = api.s;
  api.route("POST", "/v1/billing_portal/sessions", ({ params }) => {
    const customer = api.customer(params.required("customer"));
    const returnUrl = params.string("return_url") ?? null;
    params.string("configuration");
    const locale = params.oneOf("locale", PORTAL_LOCALES) ?? null;
    params.rejectUnknown();
    const session = { id: newId("bps"), seq: store.nextSeq(), created: store.now(), customer: customer.id, returnUrl, locale };
    store.portalSessions.set(session.id, session);
    return objects.portalSession(session);
  });
}
