import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { FAIR_USE, PLANS } from "@/lib/domain";
import { termsOfService } from "@/content/policies";
import { PricingCards } from "./pricing-cards";

afterEach(cleanup);

describe("the fair-use allowance behind 'Unlimited' (issue 23, decision 295)", () => {
  it("the landing page's plan cards state it under 'Unlimited generations'", () => {
    render(<PricingCards ctaHref="/auth?tab=signup" />);
    for (const plan of PLANS) {
      const { atOnce, refill, per } = FAIR_USE[plan.id];
      const note = screen.getByText(`Fair use: up to ${atOnce} pictures at once, then ${refill} a ${per}`);
      expect(note.parentElement!.textContent).toMatch(/^Unlimited generations/);
    }
    expect(screen.getAllByText(/^Fair use: /)).toHaveLength(PLANS.length);
  });

  it("the Terms of Service state it with the subscriptions", () => {
    const billing = termsOfService().sections.find((s) => s.heading === "Subscriptions and billing")!;
    const terms = billing.paragraphs.join(" ");
    expect(terms).toContain(
      `unlimited generations under fair use, an allowance that refills: up to ${FAIR_USE.weekly.atOnce} pictures at once`,
    );
    expect(terms).toContain(`then ${FAIR_USE.weekly.refill} a ${FAIR_USE.weekly.per} on the Weekly plan`);
    expect(terms).toContain(`${FAIR_USE.yearly.refill} a ${FAIR_USE.yearly.per} on the Yearly plan`);
    expect(terms).toContain(`${FAIR_USE.team.refill} a ${FAIR_USE.team.per} per member on the Team plan`);
  });
});
