import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import { answerNull, stubApi } from "@/test/stub-api";
import { verifiedTitle, VerifiedNotice } from "./verified-notice";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the email-verified confirmation", () => {
  it("shows 'Email verified — 2 free generations added' once and drops the flag from the address", async () => {
    stubApi({}, { fallback: answerNull });
    const { location } = renderWithApp(<VerifiedNotice />, { user: testUser, path: "/dashboard?verified=1" });
    await waitFor(() => expect(screen.getByText(verifiedTitle())).toBeTruthy());
    expect(verifiedTitle()).toBe("Email verified — 2 free generations added");
    expect(location.history!.at(-1)).toBe("/dashboard");
    expect(screen.getAllByText(verifiedTitle())).toHaveLength(1);
  });

  it("asks for the credits only once the session is known: not while it is looked up (a 401 and a needless refresh)", async () => {
    const calls = stubApi({}, { fallback: answerNull });
    renderWithApp(<VerifiedNotice />, { user: null, status: "loading", path: "/dashboard?verified=1" });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
    expect(screen.queryByText(verifiedTitle())).toBeNull();
    cleanup();
    const signedIn = stubApi({}, { fallback: answerNull });
    renderWithApp(<VerifiedNotice />, { user: testUser, path: "/dashboard?verified=1" });
    await waitFor(() => expect(screen.getByText(verifiedTitle())).toBeTruthy());
    expect(signedIn.map((c) => c.key)).toEqual(["GET /api/users/credits"]);
  });

  it("signed out, it confirms the address without asking for credits", async () => {
    const calls = stubApi({}, { fallback: answerNull });
    renderWithApp(<VerifiedNotice />, { user: null, path: "/dashboard?verified=1" });
    await waitFor(() => expect(screen.getByText(verifiedTitle())).toBeTruthy());
    expect(calls).toEqual([]);
  });

  it("says nothing on an ordinary visit", async () => {
    renderWithApp(<VerifiedNotice />, { user: testUser, path: "/dashboard" });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(verifiedTitle())).toBeNull();
  });
});
