import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import { answerNull, stubApi } from "@/test/stub-api";
import { VERIFIED_TITLE, VerifiedNotice } from "./verified-notice";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the email-verified confirmation", () => {
  it("shows 'Email verified — 2 free generations added' once and drops the flag from the address", async () => {
    stubApi({}, { fallback: answerNull });
    const { location } = renderWithApp(<VerifiedNotice />, { user: testUser, path: "/dashboard?verified=1" });
    await waitFor(() => expect(screen.getByText(VERIFIED_TITLE)).toBeTruthy());
    expect(VERIFIED_TITLE).toBe("Email verified — 2 free generations added");
    expect(location.history!.at(-1)).toBe("/dashboard");
    expect(screen.getAllByText(VERIFIED_TITLE)).toHaveLength(1);
  });

  it("says nothing on an ordinary visit", async () => {
    renderWithApp(<VerifiedNotice />, { user: testUser, path: "/dashboard" });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(VERIFIED_TITLE)).toBeNull();
  });
});
