/**
 * Stripe's test cards (by number on the hosted pages, by `pm_card_*` id in the API), how they decline,
 * attaching one to a customer, and which card a subscription is charged to.
 */
import { invalid, StripeError } from "../params";
import type { Standin } from "../standin";
import { newId, type CardKind, type CustomerRecord, type PaymentMethodRecord, type SubscriptionRecord } from "../store";

/** Stripe's test cards by number (hosted pages) — the ones this product's tests and demos use. */
const CARDS_BY_NUMBER: Record<string, CardKind> = {
  "4242424242424242": { brand: "visa", last4: "4242", behaviour: "succeeds", declineCode: "" },
  "5555555555554444": { brand: "mastercard", last4: "4444", behaviour: "succeeds", declineCode: "" },
  "4000000000000002": { brand: "visa", last4: "0002", behaviour: "declined_on_attach", declineCode: "generic_decline" },
  "4000000000009995": { brand: "visa", last4: "9995", behaviour: "declined_on_attach", declineCode: "insufficient_funds" },
  "4000000000000341": { brand: "visa", last4: "0341", behaviour: "fails_on_charge", declineCode: "generic_decline" },
};

/** Stripe's test PaymentMethod ids: attaching one creates a fresh `pm_…` for the customer. */
const CARDS_BY_TEST_ID: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_mastercard: "5555555555554444",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_chargeCustomerFail: "4000000000000341",
};

export const cardForNumber = (number: string): CardKind | undefined => CARDS_BY_NUMBER[number.replace(/[\s-]/g, "")];

/** The card a `pm_card_*` test id stands for, or undefined for any other id. */
export const cardForTestId = (id: string): CardKind | undefined => {
  const number = CARDS_BY_TEST_ID[id];
  return number ? CARDS_BY_NUMBER[number] : undefined;
};

const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
};
export const declineMessage = (code: string) => DECLINE_MESSAGES[code] ?? "Your card was declined.";

export const cardDeclined = (card: CardKind, param?: string) =>
  new StripeError(402, "card_error", declineMessage(card.declineCode), { code: "card_declined", decline_code: card.declineCode, param });

/** Attaching runs a card check, as Stripe's does: a card declined outright is refused (402). */
export function attachCard(s: Standin, card: CardKind, customer: CustomerRecord): PaymentMethodRecord {
  if (card.behaviour === "declined_on_attach") throw cardDeclined(card, "payment_method");
  const pm: PaymentMethodRecord = {
    id: newId("pm"),
    seq: s.store.nextSeq(),
    created: s.store.now(),
    customer: customer.id,
    card,
    expMonth: 12,
    expYear: new Date(s.store.now() * 1000).getUTCFullYear() + 5,
    metadata: {},
  };
  s.store.paymentMethods.set(pm.id, pm);
  s.events.emit("payment_method.attached", s.objects.paymentMethod(pm));
  return pm;
}

/** The card a subscription's invoices are charged to: the subscription's own, else the customer's default. */
export function paymentMethodFor(s: Standin, sub: SubscriptionRecord): string | null {
  return sub.defaultPaymentMethod ?? s.store.customers.get(sub.customer)!.defaultPaymentMethod;
}

/** Refuses up front what `error_if_incomplete` would refuse, so a refused change leaves nothing behind. */
export function assertChargeable(s: Standin, customerId: string, pmId: string | null): void {
  if (pmId === null) {
    throw invalid(
      "This customer has no attached payment source or default payment method. Please consider adding a default payment method.",
      undefined,
      "resource_missing",
    );
  }
  const pm = s.store.paymentMethods.get(pmId)!;
  if (pm.customer !== customerId)
    throw invalid(`The PaymentMethod ${pmId} does not belong to the Customer ${customerId}.`, "default_payment_method", "resource_missing");
  if (pm.card.behaviour !== "succeeds") throw cardDeclined(pm.card);
}
