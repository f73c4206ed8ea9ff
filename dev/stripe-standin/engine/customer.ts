/** A customer record: creating one and changing it, each with its event. */
import type { Standin } from "../standin";
import { newId, type CustomerRecord } from "../store";

export function createCustomer(
  s: Standin,
  input: { email?: string | null; name?: string | null; metadata?: Record<string, string>; preferredLocales?: string[] },
): CustomerRecord {
  const c: CustomerRecord = {
    id: newId("cus"),
    seq: s.store.nextSeq(),
    created: s.store.now(),
    email: input.email ?? null,
    name: input.name ?? null,
    metadata: input.metadata ?? {},
    defaultPaymentMethod: null,
    invoicePrefix: newId("x").slice(2, 10).toUpperCase(),
    nextInvoiceSequence: 1,
    currency: null,
    balance: 0,
    preferredLocales: input.preferredLocales ?? [],
  };
  s.store.customers.set(c.id, c);
  s.events.emit("customer.created", s.objects.customer(c));
  return c;
}

export function updateCustomer(s: Standin, c: CustomerRecord, change: (c: CustomerRecord) => void): void {
  const before = s.objects.customer(c);
  change(c);
  s.events.emitUpdated("customer.updated", before, s.objects.customer(c));
}
