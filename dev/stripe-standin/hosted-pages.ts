/**
 * The hosted pages' requests: Checkout (`/pay/:session`), the customer portal (`/portal/:session`) and
 * the invoice view (`/invoice/:id`). The HTML itself is in pages.ts.
 */
import { replaceDefaultCard } from "./billing-portal";
import { completeCheckout } from "./checkout";
import { setCancelAtPeriodEnd } from "./engine/subscription";
import { checkoutPage, dateText, invoicePage, portalPage } from "./pages";
import type { Params } from "./params";
import type { Answer } from "./router";
import type { Standin } from "./standin";

export interface PageAnswer {
  answer: Answer;
  redirect?: string;
}

const NOT_FOUND: Answer = { status: 404, body: "<!doctype html><title>Not found</title><h1>Not found</h1>" };
const wrap = (answer: Answer | undefined): PageAnswer => ({ answer: answer ?? NOT_FOUND });
const text = (v: Params[string] | undefined) => (typeof v === "string" ? v : "");

function renderCheckout({ store }: Standin, csId: string, error?: string): Answer | undefined {
  const cs = store.checkoutSessions.get(csId);
  if (!cs) return undefined;
  const price = store.prices.get(cs.price)!;
  const email = cs.customer ? (store.customers.get(cs.customer)?.email ?? null) : cs.customerEmail;
  return {
    status: error ? 402 : 200,
    body: checkoutPage({
      sessionId: cs.id,
      product: store.products.get(price.product)!,
      price,
      quantity: cs.quantity,
      email,
      cancelUrl: cs.cancelUrl,
      locale: cs.locale,
      error,
      closed: cs.status !== "open",
    }),
  };
}

function renderPortal({ store }: Standin, id: string, message: { error?: string; notice?: string } = {}): Answer | undefined {
  const session = store.portalSessions.get(id);
  const customer = session ? store.customers.get(session.customer) : undefined;
  if (!session || !customer) return undefined;
  const subs = [...store.subscriptions.values()].filter(
    (s) => s.customer === customer.id && s.status !== "canceled" && s.status !== "incomplete",
  );
  const cardId = subs.find((s) => s.defaultPaymentMethod)?.defaultPaymentMethod ?? customer.defaultPaymentMethod;
  return {
    status: message.error ? 402 : 200,
    body: portalPage({
      sessionId: session.id,
      customer,
      subscriptions: subs.map((sub) => {
        const price = store.prices.get(sub.item.price)!;
        return { sub, price, product: store.products.get(price.product)! };
      }),
      card: cardId ? store.paymentMethods.get(cardId) : undefined,
      invoices: [...store.invoices.values()]
        .filter((i) => i.customer === customer.id && i.status !== "draft")
        .sort((a, b) => b.created - a.created || b.seq - a.seq),
      returnUrl: session.returnUrl,
      locale: session.locale ?? null,
      ...message,
    }),
  };
}

function payCheckout(s: Standin, csId: string, form: Params): PageAnswer {
  const cs = s.store.checkoutSessions.get(csId);
  if (!cs) return wrap(undefined);
  const email = text(form.email).trim();
  if (!cs.customer && !cs.customerEmail && email) cs.customerEmail = email;
  const result = completeCheckout(s, cs, text(form.cardNumber));
  if (!result.ok) return wrap(renderCheckout(s, cs.id, result.message));
  return { answer: { status: 303, body: "" }, redirect: cs.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", cs.id) };
}

function portalAction(s: Standin, sessionId: string, action: string, form: Params): PageAnswer {
  const session = s.store.portalSessions.get(sessionId);
  const customer = session ? s.store.customers.get(session.customer) : undefined;
  if (!session || !customer) return wrap(undefined);
  if (action === "card") {
    const result = replaceDefaultCard(s, customer, text(form.cardNumber));
    if (!result.ok) return wrap(renderPortal(s, session.id, { error: result.message }));
  } else {
    const sub = s.store.subscriptions.get(text(form.subscription));
    if (!sub || sub.customer !== customer.id) return wrap(renderPortal(s, session.id, { error: "That plan was not found." }));
    setCancelAtPeriodEnd(s, sub, action === "cancel");
  }
  return { answer: { status: 303, body: "" }, redirect: `/portal/${session.id}?done=${action}` };
}

/** Answers a hosted-page request, or undefined when the path is not a page. */
export function handlePage(s: Standin, method: string, pathname: string, form: Params): PageAnswer | undefined {
  let m = /^\/pay\/([^/]+)$/.exec(pathname);
  if (m && method === "GET") return wrap(renderCheckout(s, m[1]!));
  if (m && method === "POST") return payCheckout(s, m[1]!, form);
  m = /^\/portal\/([^/]+)(?:\/(card|cancel|renew))?$/.exec(pathname);
  if (m && method === "GET" && !m[2]) {
    const notices: Record<string, string> = {
      card: "Your card was updated.",
      cancel: "Your plan was canceled.",
      renew: "Your plan was renewed.",
    };
    return wrap(renderPortal(s, m[1]!, { notice: notices[text(form.done)] }));
  }
  if (m && method === "POST" && m[2]) return portalAction(s, m[1]!, m[2], form);
  m = /^\/invoice\/([^/]+)$/.exec(pathname);
  if (m && method === "GET") {
    const inv = s.store.invoices.get(m[1]!);
    if (!inv) return wrap(undefined);
    const lines = inv.lines.map((l) => ({
      description: l.description,
      amount: l.amount,
      period: `${dateText(l.periodStart)} – ${dateText(l.periodEnd)}`,
    }));
    return wrap({ status: 200, body: invoicePage(inv, s.store.customers.get(inv.customer)!, lines) });
  }
  return undefined;
}

export { NOT_FOUND };
