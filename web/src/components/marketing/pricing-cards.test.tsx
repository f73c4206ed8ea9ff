import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { FAIR_USE_PER_DAY, FAIR_USE_PER_HOUR, PLANS } from "@/lib/domain";
import { TERMS_OF_SERVICE } from "@/content/policies";
import { PricingCards } from "./pricing-cards";

afterEach(cleanup);

describe("the fair-use cap behind 'Unlimited' (issue 23)", () => {
  it("the landing page's plan cards state it under 'Unlimited generations'", () => {
    render(<PricingCards ctaHref="/auth?tab=signup" />);
    for (const plan of PLANS) {
      const note = screen.getByText(`Fair use: up to ${FAIR_USE_PER_HOUR} generations an hour and ${FAIR_USE_PER_DAY[plan.id]} a day`);
      expect(note.parentElement!.textContent).toMatch(/^Unlimited generations/);
    }
    expect(screen.getAllByText(/^Fair use: /)).toHaveLength(3);
  });

  it("the Terms of Service state it with the subscriptions", () => {
    const billing = TERMS_OF_SERVICE.sections.find((s) => s.heading === "Subscriptions and billing")!;
    expect(billing.paragraphs.join(" ")).toContain(
      `unlimited generations under fair use: up to ${FAIR_USE_PER_HOUR} generations in any 60 minutes`,
    );
    for (const cap of Object.values(FAIR_USE_PER_DAY)) expect(billing.paragraphs.join(" ")).toContain(`${cap} `);
    expect(billing.paragraphs.join(" ")).toContain(`up to ${FAIR_USE_PER_DAY.weekly} in any 24 hours on the Weekly plan`);
  });
});
