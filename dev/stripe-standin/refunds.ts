/** Refunds: refunding a charge (in full or in part) and the `/v1/refunds` routes. */
import { money } from "./pages";
import { invalid, StripeError } from "./params";
import type { Api } from "./router";
import type { Standin } from "./standin";
import { newId, type ChargeRecord, type RefundRecord } from "./store";

export function refund(
  s: Standin,
  input: { charge: ChargeRecord; amount?: number; reason: string | null; metadata: Record<string, string> },
): RefundRecord {
  const { charge } = input;
  const left = charge.amount - charge.amountRefunded;
  if (charge.status !== "succeeded")
    throw invalid(`Charge ${charge.id} has not succeeded; it cannot be refunded.`, "charge", "charge_not_refundable");
  if (left <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, "charge", "charge_already_refunded");
  const amount = input.amount ?? left;
  if (amount <= 0) throw invalid("Refund amount must be positive.", "amount", "parameter_invalid_integer");
  if (amount > left) {
    throw invalid(
      `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(left)})`,
      "amount",
      "amount_too_large",
    );
  }
  const r: RefundRecord = {
    id: newId("re"),
    seq: s.store.nextSeq(),
    created: s.store.now(),
    amount,
    charge: charge.id,
    paymentIntent: charge.paymentIntent,
    currency: charge.currency,
    reason: input.reason,
    metadata: input.metadata,
  };
  s.store.refunds.set(r.id, r);
  charge.amountRefunded += amount;
  s.events.emit("charge.refunded", s.objects.charge(charge));
  s.events.emit("refund.created", s.objects.refund(r));
  return r;
}

export function refundRoutes(api: Api): void {
  const { s } = api;
  const { store, objects } = s;
  api.route("POST", "/v1/refunds", ({ params }) => {
    const piId = params.string("payment_intent");
    const chargeId = params.string("charge");
    const amount = params.integer("amount");
    const reason = params.oneOf("reason", ["duplicate", "fraudulent", "requested_by_customer"]) ?? null;
    const metadata = params.metadata("metadata") ?? {};
    params.rejectUnknown();
    let charge;
    if (chargeId) {
      charge = store.charges.get(chargeId);
      if (!charge)
        throw new StripeError(400, "invalid_request_error", `No such charge: '${chargeId}'`, { code: "resource_missing", param: "charge" });
    } else if (piId) {
      const pi = store.paymentIntents.get(piId);
      if (!pi)
        throw new StripeError(400, "invalid_request_error", `No such payment_intent: '${piId}'`, {
          code: "resource_missing",
          param: "payment_intent",
        });
      if (pi.status !== "succeeded" || !pi.latestCharge)
        throw invalid(
          `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
          "payment_intent",
          "charge_not_refundable",
        );
      charge = store.charges.get(pi.latestCharge)!;
    } else {
      throw invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
        undefined,
        "parameter_missing",
      );
    }
    return objects.refund(refund(s, { charge, amount, reason, metadata }));
  });
  api.route("GET", "/v1/refunds/:id", ({ path }) => objects.refund(api.get(store.refunds, path[0], "refund")));
  api.route("GET", "/v1/refunds", ({ params }) => {
    const charge = params.string("charge");
    const pi = params.string("payment_intent");
    const found = [...store.refunds.values()].filter((r) => (!charge || r.charge === charge) && (!pi || r.paymentIntent === pi));
    return api.page(params, "/v1/refunds", found, (r) => objects.refund(r));
  });
}
