import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import { answerNull, json, stubApi } from "@/test/stub-api";
import { VerifyBeforeGenerating, VerifyEmailBanner } from "./verify-email-banner";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const unverified = { ...testUser, email: "ada.lovelace-byron@analytical-engines.example.com", emailVerified: false };

describe("an unverified person's dashboard (issue 35)", () => {
  it("one resend button, in the banner; step 1 says why without repeating it", async () => {
    stubApi(
      { "GET /api/users/credits": json({ remaining: 0, totalUsed: 0, isVerified: false, teamSeat: false }) },
      { fallback: answerNull },
    );
    renderWithApp(
      <>
        <VerifyEmailBanner />
        <VerifyBeforeGenerating />
      </>,
      { user: unverified },
    );
    expect(await screen.findByRole("region", { name: "Verify your email to generate" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Resend verification email" })).toHaveLength(1);
    expect(screen.getByRole("region", { name: "Verify your email address" }).textContent).toContain(unverified.email);
  });

  it("the address may wrap at its @ and dots, not mid-word", async () => {
    stubApi({}, { fallback: answerNull });
    renderWithApp(<VerifyEmailBanner />, { user: unverified });
    const address = await screen.findByTestId("email-address");
    expect(address.className).not.toContain("break-all");
    expect(address.textContent).toBe(unverified.email);
    expect([...address.children].map((part) => part.textContent)).toEqual([
      "ada",
      ".lovelace-byron",
      "@analytical-engines",
      ".example",
      ".com",
    ]);
    expect(address.querySelectorAll("wbr")).toHaveLength(4);
  });
});
