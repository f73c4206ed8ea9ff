import { afterEach, describe, expect, it } from "vitest";
import { setLocale } from "@/lib/copy";
import { invoiceLabel } from "./invoice-label";

afterEach(() => setLocale("en", { reload: false }));

describe("invoiceLabel (issue 37)", () => {
  it("names a team owner's invoice by the Team plan, its seats and its period, never just 'Subscription'", () => {
    expect(invoiceLabel({ planType: "team", seats: 4, periodStart: "2026-11-01T10:00:00Z", periodEnd: "2026-12-01T10:00:00Z" })).toBe(
      "Team plan, 4 seats, 1 Nov – 1 Dec 2026",
    );
    expect(invoiceLabel({ planType: "team", seats: 1, periodStart: null, periodEnd: null })).toBe("Team plan, 1 seat");
  });
  it("names a person's plan and its period", () => {
    expect(invoiceLabel({ planType: "monthly", seats: null, periodStart: "2026-11-01T10:00:00Z", periodEnd: "2026-12-01T10:00:00Z" })).toBe(
      "Monthly plan, 1 Nov – 1 Dec 2026",
    );
  });
  it("says 'Subscription' only for a price that is not ours", () => {
    expect(invoiceLabel({ planType: null, seats: null, periodStart: null, periodEnd: null })).toBe("Subscription");
  });
  it("speaks the page's language: the plan's name, the seats' plural and the dates (issue 50)", () => {
    const invoice = { planType: "team", seats: 4, periodStart: "2026-11-01T10:00:00Z", periodEnd: "2026-12-01T10:00:00Z" } as const;
    setLocale("de", { reload: false });
    expect(invoiceLabel(invoice)).toBe("Tarif Team, 4 Plätze, 1. Nov. – 1. Dez. 2026");
    expect(invoiceLabel({ ...invoice, planType: "yearly", seats: null })).toBe("Tarif Jährlich, 1. Nov. – 1. Dez. 2026");
    setLocale("fr", { reload: false });
    expect(invoiceLabel({ ...invoice, seats: 1, periodStart: null })).toBe("Formule Team, 1 place");
  });
});
