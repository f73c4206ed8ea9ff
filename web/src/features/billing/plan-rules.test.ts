import { describe, expect, it } from "vitest";
import { statusWords } from "@/shared/billing/status-words";
import { euros, planAction } from "./plan-rules";

// whether a subscription grants the paid features is the server's answer (`entitled`, issue 49): never worked out here
const sub = (planType: "weekly" | "monthly" | "yearly", entitled = true) => ({ planType, entitled });

describe("planAction", () => {
  it("sends a user without an entitled subscription to checkout", () => {
    expect(planAction("monthly", null)).toBe("checkout");
    expect(planAction("monthly", sub("monthly", false))).toBe("checkout");
    expect(planAction("yearly", sub("monthly", false))).toBe("checkout");
  });

  it("follows weekly < monthly < yearly for a subscriber", () => {
    expect(planAction("monthly", sub("monthly"))).toBe("current");
    expect(planAction("yearly", sub("monthly"))).toBe("upgrade");
    expect(planAction("weekly", sub("monthly"))).toBe("downgrade");
    expect(planAction("monthly", sub("yearly"))).toBe("downgrade");
    expect(planAction("yearly", sub("weekly"))).toBe("upgrade");
  });
});

describe("a plan canceled at the period end (issue 46)", () => {
  it("is the plan that ends; no other plan is offered until it is renewed or has ended", () => {
    const canceled = { ...sub("monthly"), cancelAtPeriodEnd: true };
    expect(planAction("monthly", canceled)).toBe("ending");
    expect(planAction("yearly", canceled)).toBe("renew-first");
    expect(planAction("weekly", canceled)).toBe("renew-first");
    expect(planAction("yearly", { ...canceled, entitled: false })).toBe("checkout"); // it has ended: the server says so
    expect(planAction("yearly", { ...canceled, cancelAtPeriodEnd: false })).toBe("upgrade"); // renewed
  });
});

describe("labels", () => {
  it("formats euros and statuses", () => {
    expect(euros(2999)).toBe("€29.99");
    expect(euros(6000)).toBe("€60.00");
    expect(euros(2000)).toBe("€20.00"); // issue 35: cents beside "€29.99", never "€20"
    expect(statusWords({ status: "past_due" })).toBe("Past Due");
    expect(statusWords({ status: "unpaid" })).toBe("Past Due");
    expect(statusWords({ status: "trialing" })).toBe("Active");
    expect(statusWords({ status: "active", entitled: false })).not.toBe("Active"); // the server's answer wins
    expect(statusWords({ status: "incomplete_expired" })).toBe("Canceled");
    expect(statusWords({ status: "incomplete" })).toBe("incomplete");
  });
});
