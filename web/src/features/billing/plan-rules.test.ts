import { describe, expect, it } from "vitest";
import { euros, planAction, statusLabel } from "./plan-rules";

const now = Date.parse("2027-01-10T00:00:00Z");
const sub = (planType: "weekly" | "monthly" | "yearly", status = "active", currentPeriodEnd = "2027-02-01T00:00:00Z") => ({
  planType,
  status,
  currentPeriodEnd,
});

describe("planAction", () => {
  it("sends a user without an entitled subscription to checkout", () => {
    expect(planAction("monthly", null, now)).toBe("checkout");
    expect(planAction("monthly", sub("monthly", "canceled"), now)).toBe("checkout");
    expect(planAction("monthly", sub("monthly", "past_due"), now)).toBe("checkout");
    expect(planAction("monthly", sub("monthly", "active", "2027-01-01T00:00:00Z"), now)).toBe("checkout");
  });

  it("follows weekly < monthly < yearly for a subscriber", () => {
    expect(planAction("monthly", sub("monthly"), now)).toBe("current");
    expect(planAction("yearly", sub("monthly"), now)).toBe("upgrade");
    expect(planAction("weekly", sub("monthly"), now)).toBe("downgrade");
    expect(planAction("monthly", sub("yearly"), now)).toBe("downgrade");
    expect(planAction("yearly", sub("weekly"), now)).toBe("upgrade");
  });
});

describe("a plan canceled at the period end (issue 46)", () => {
  it("is the plan that ends; no other plan is offered until it is renewed or has ended", () => {
    const canceled = { ...sub("monthly"), cancelAtPeriodEnd: true };
    expect(planAction("monthly", canceled, now)).toBe("ending");
    expect(planAction("yearly", canceled, now)).toBe("renew-first");
    expect(planAction("weekly", canceled, now)).toBe("renew-first");
    expect(planAction("yearly", { ...canceled, currentPeriodEnd: "2027-01-01T00:00:00Z" }, now)).toBe("checkout"); // it has ended
    expect(planAction("yearly", { ...canceled, cancelAtPeriodEnd: false }, now)).toBe("upgrade"); // renewed
  });
});

describe("labels", () => {
  it("formats euros and statuses", () => {
    expect(euros(2999)).toBe("€29.99");
    expect(euros(6000)).toBe("€60.00");
    expect(euros(2000)).toBe("€20.00"); // issue 35: cents beside "€29.99", never "€20"
    expect(statusLabel("past_due")).toBe("Past Due");
    expect(statusLabel("incomplete")).toBe("incomplete");
  });
});
