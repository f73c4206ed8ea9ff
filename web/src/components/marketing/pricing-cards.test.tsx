import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { FAIR_USE_PER_HOUR } from "@/lib/domain";
import { TERMS_OF_SERVICE } from "@/content/policies";
import { PricingCards } from "./pricing-cards";

afterEach(cleanup);

describe("the fair-use cap behind 'Unlimited' (issue 23)", () => {
  it("the landing page's plan cards state it under 'Unlimited generations'", () => {
    render(<PricingCards ctaHref="/auth?tab=signup" />);
    const notes = screen.getAllByText(`Fair use: up to ${FAIR_USE_PER_HOUR} generations an hour`);
    expect(notes).toHaveLength(3);
    for (const note of notes) expect(note.parentElement!.textContent).toMatch(/^Unlimited generations/);
  });

  it("the Terms of Service state it with the subscriptions", () => {
    const billing = TERMS_OF_SERVICE.sections.find((s) => s.heading === "Subscriptions and billing")!;
    expect(billing.paragraphs.join(" ")).toContain(
      `unlimited generations under fair use: up to ${FAIR_USE_PER_HOUR} generations in any 60 minutes`,
    );
  });
});
