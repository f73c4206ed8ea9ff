/**
 * The hosted pages: Checkout (`/pay/:session`), the customer portal (`/portal/:session`) and an invoice
 * view (`/invoice/:id`). Plain server-rendered HTML forms with real labels and buttons, so a person can
 * click through them locally and end-to-end tests can drive them by role and label.
 */
import type { CustomerRecord, InvoiceRecord, PaymentMethodRecord, PriceRecord, ProductRecord, SubscriptionRecord } from "./store";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export const money = (cents: number, currency = "eur") =>
  `${cents < 0 ? "-" : ""}${currency === "eur" ? "€" : currency.toUpperCase() + " "}${(Math.abs(cents) / 100).toFixed(2)}`;

const dateText = (ts: number) =>
  new Date(ts * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const per = (p: PriceRecord) => `${money(p.unitAmount, p.currency)} per ${p.interval}`;

const cardText = (pm: PaymentMethodRecord | undefined) =>
  pm ? `${pm.card.brand[0]!.toUpperCase()}${pm.card.brand.slice(1)} ending in ${pm.card.last4}` : "No card on file";

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; background: #f6f8fa; color: #1a1f36; margin: 0; }
  main { max-width: 30rem; margin: 2rem auto; background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 2px 12px #0001; }
  .mode { display: inline-block; background: #ffde92; color: #5d3a00; font-size: .8rem; padding: .1rem .5rem; border-radius: 4px; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #c0c8d2; border-radius: 6px; }
  .row { display: flex; gap: 1rem; } .row > div { flex: 1; }
  button { margin-top: 1.5rem; width: 100%; padding: .75rem; font-size: 1rem; border: 0; border-radius: 6px; background: #635bff; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #c0123c; border: 1px solid #c0123c; }
  [role="alert"] { background: #fde8ec; color: #a0102e; padding: .6rem .8rem; border-radius: 6px; margin-top: 1rem; }
  [role="status"] { background: #e6f6ec; color: #0b6b34; padding: .6rem .8rem; border-radius: 6px; margin-top: 1rem; }
  table { width: 100%; border-collapse: collapse; margin-top: .5rem; } td, th { text-align: left; padding: .4rem .2rem; border-bottom: 1px solid #e3e8ee; }
  .hint { color: #6b7385; font-size: .85rem; }
  section { margin-top: 2rem; }
</style>
</head>
<body><main>
<p class="mode">Local Stripe stand-in · test mode</p>
${body}
</main></body>
</html>`;
}

export function checkoutPage(input: {
  sessionId: string;
  product: ProductRecord;
  price: PriceRecord;
  quantity: number;
  email: string | null;
  cancelUrl: string | null;
  /** the session's `locale`: Stripe would show the page in it; the stand-in's words stay English and say which it is */
  locale?: string | null;
  error?: string;
  closed?: boolean;
}): string {
  const { product, price } = input;
  const cancel = input.cancelUrl ? `<p><a href="${escapeHtml(input.cancelUrl)}">Cancel and go back</a></p>` : "";
  if (input.closed) {
    return layout("Checkout closed", `<h1>This checkout is no longer available</h1><p>It was completed or has expired.</p>${cancel}`);
  }
  const error = input.error ? `<div role="alert">${escapeHtml(input.error)}</div>` : "";
  return layout(
    `Subscribe to ${product.name}`,
    `<h1>Subscribe to ${escapeHtml(product.name)}</h1>
<p><strong>${escapeHtml(per(price))}</strong>${input.quantity > 1 ? ` × ${input.quantity}` : ""}</p>
<form method="post" action="/pay/${escapeHtml(input.sessionId)}">
${error}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(input.email ?? "")}"${input.email ? " readonly" : ""}>
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row">
  <div><label for="card-expiry">Expiry</label><input id="card-expiry" name="expiry" autocomplete="cc-exp" value="12 / 34"></div>
  <div><label for="card-cvc">CVC</label><input id="card-cvc" name="cvc" autocomplete="cc-csc" value="123"></div>
</div>
<button type="submit">Pay</button>
</form>
<p class="hint" data-locale="${escapeHtml(input.locale ?? "auto")}">Language: ${escapeHtml(input.locale ?? "auto")}</p>
<p class="hint">Test cards: 4242 4242 4242 4242 succeeds · 4000 0000 0000 0002 is declined · 4000 0000 0000 0341 is saved but its charge fails.</p>
${cancel}`,
  );
}

export function portalPage(input: {
  sessionId: string;
  customer: CustomerRecord;
  subscriptions: { sub: SubscriptionRecord; price: PriceRecord; product: ProductRecord }[];
  card: PaymentMethodRecord | undefined;
  invoices: InvoiceRecord[];
  returnUrl: string | null;
  /** the session's `locale` (as on the Checkout page) */
  locale?: string | null;
  error?: string;
  notice?: string;
}): string {
  const plans = input.subscriptions.map(({ sub, price, product }) => {
    const end = dateText(sub.item.periodEnd);
    const state = sub.cancelAtPeriodEnd
      ? `Ends on ${end}.`
      : sub.status === "past_due"
        ? "Payment failed: update your card."
        : `Renews on ${end}.`;
    const action = sub.cancelAtPeriodEnd
      ? `<form method="post" action="/portal/${escapeHtml(input.sessionId)}/renew"><input type="hidden" name="subscription" value="${sub.id}"><button type="submit">Renew plan</button></form>`
      : `<form method="post" action="/portal/${escapeHtml(input.sessionId)}/cancel"><input type="hidden" name="subscription" value="${sub.id}"><button type="submit" class="secondary">Cancel plan</button></form>`;
    return `<p><strong>${escapeHtml(product.name)}</strong> — ${escapeHtml(per(price))}</p><p>${escapeHtml(state)}</p>${action}`;
  });
  const rows = input.invoices.map(
    (i) =>
      `<tr><td>${dateText(i.created)}</td><td>${money(i.amountDue)}</td><td>${i.status}</td><td><a href="/invoice/${i.id}">View invoice ${escapeHtml(i.number)}</a></td></tr>`,
  );
  const back = input.returnUrl ? `<p><a href="${escapeHtml(input.returnUrl)}">Return</a></p>` : "";
  return layout(
    "Billing",
    `<h1>Billing</h1>
<p>${escapeHtml(input.customer.email ?? input.customer.id)}</p>
${input.error ? `<div role="alert">${escapeHtml(input.error)}</div>` : ""}
${input.notice ? `<div role="status">${escapeHtml(input.notice)}</div>` : ""}
<section aria-labelledby="plan"><h2 id="plan">Current plan</h2>${plans.length ? plans.join("") : "<p>No active plan.</p>"}</section>
<section aria-labelledby="card"><h2 id="card">Payment method</h2>
<p>${escapeHtml(cardText(input.card))}</p>
<form method="post" action="/portal/${escapeHtml(input.sessionId)}/card">
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<div class="row">
  <div><label for="card-expiry">Expiry</label><input id="card-expiry" name="expiry" value="12 / 34"></div>
  <div><label for="card-cvc">CVC</label><input id="card-cvc" name="cvc" value="123"></div>
</div>
<button type="submit">Update card</button>
</form></section>
<section aria-labelledby="history"><h2 id="history">Invoice history</h2>
${rows.length ? `<table><thead><tr><th>Date</th><th>Amount</th><th>Status</th><th></th></tr></thead><tbody>${rows.join("")}</tbody></table>` : "<p>No invoices yet.</p>"}
</section>
<p class="hint" data-locale="${escapeHtml(input.locale ?? "auto")}">Language: ${escapeHtml(input.locale ?? "auto")}</p>
${back}`,
  );
}

export function invoicePage(
  inv: InvoiceRecord,
  customer: CustomerRecord,
  lineDescriptions: { description: string; amount: number; period: string }[],
): string {
  const lines = lineDescriptions.map(
    (l) => `<tr><td>${escapeHtml(l.description)}<br><span class="hint">${escapeHtml(l.period)}</span></td><td>${money(l.amount)}</td></tr>`,
  );
  return layout(
    `Invoice ${inv.number}`,
    `<h1>Invoice ${escapeHtml(inv.number)}</h1>
<p>Headshot Studio · billed to ${escapeHtml(customer.email ?? customer.id)}</p>
<p>Issued ${dateText(inv.created)} · ${inv.status === "paid" && inv.paidAt ? `paid ${dateText(inv.paidAt)}` : inv.status}</p>
<table><tbody>${lines.join("")}</tbody>
<tfoot><tr><th>Amount due</th><th>${money(inv.amountDue)}</th></tr><tr><th>Amount paid</th><th>${money(inv.amountPaid)}</th></tr></tfoot></table>`,
  );
}

export { dateText };
