import { describe, expect, it } from "vitest";
import { invoiceLabel } from "./invoice-label";

describe("invoiceLabel (issue 37)", () => {
  it("names a team owner's invoice by the Team plan, its seats and its period, never just 'Subscription'", () => {
    expect(invoiceLabel({ planType: "team", seats: 4, periodStart: "2026-11-01T10:00:00Z", periodEnd: "2026-12-01T10:00:00Z" })).toBe(
      "Team plan, 4 seats, Nov 1 – Dec 1, 2026",
    );
  });
  it("names a person's plan and its period", () => {
    expect(invoiceLabel({ planType: "monthly", seats: null, periodStart: "2026-11-01T10:00:00Z", periodEnd: "2026-12-01T10:00:00Z" })).toBe(
      "Monthly plan, Nov 1 – Dec 1, 2026",
    );
  });
  it("says 'Subscription' only for a price that is not ours", () => {
    expect(invoiceLabel({ planType: null, seats: null, periodStart: null, periodEnd: null })).toBe("Subscription");
  });
});
