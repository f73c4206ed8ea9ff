/** /auth/verify and its form (issue 46 item 12, decision 325): a verification link opened on another device asks who opened it. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { PASSWORD_MIN_LENGTH } from "@/lib/domain";
import { apiError, json, stubApi } from "@/test/stub-api";
import { renderWithApp, testUser } from "@/test/render";
import { VerifyEmailPage } from "@/pages/verify-email";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signedIn = { user: testUser, accessToken: "t" };
const good = "x".repeat(PASSWORD_MIN_LENGTH);

describe("/auth/verify", () => {
  it("says why it asks, and the sign-up password verifies and continues to the dashboard", async () => {
    const calls = stubApi({ "POST /api/auth/verify/confirm": json(signedIn) });
    const { location } = renderWithApp(<VerifyEmailPage />, { path: "/auth/verify?token=tok-1" });
    expect(screen.getByRole("heading", { name: "Confirm it's you" })).toBeTruthy();
    expect(screen.getByText(/opened on a different device or browser/).textContent).toContain("you stay signed in on your other devices");
    fireEvent.change(screen.getByLabelText("The password you chose when you signed up"), { target: { value: "my sign-up password" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify my email" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/dashboard?verified=1"));
    expect(calls[0]?.body).toEqual({ token: "tok-1", password: "my sign-up password" });
  });

  it("a wrong password is said beside the field; a new password is the other way, and continues to the team link's page", async () => {
    const wrong = "That isn't the password this account was created with. Try again, or choose a new password below.";
    const calls = stubApi({
      "POST /api/auth/verify/confirm": apiError(401, { error: "Unauthorized", message: wrong }),
      "POST /api/auth/verify/new-password": json(signedIn),
    });
    const next = "/team/capture?token=abc";
    const { location } = renderWithApp(<VerifyEmailPage />, { path: `/auth/verify?token=tok-2&next=${encodeURIComponent(next)}` });
    fireEvent.change(screen.getByLabelText("The password you chose when you signed up"), { target: { value: "guess" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify my email" }));
    expect((await screen.findByRole("alert")).textContent).toBe(wrong);

    fireEvent.click(screen.getByRole("button", { name: "Choose a new password" }));
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: good } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: good } });
    fireEvent.click(screen.getByRole("button", { name: "Set password and verify" }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`${next}&verified=1`));
    expect(calls.at(-1)?.body).toEqual({ token: "tok-2", password: good });
  });

  it("a used link says so and leads to sign-in", async () => {
    stubApi({ "POST /api/auth/verify/confirm": apiError(400, { error: "Bad Request", message: "This verification link has expired." }) });
    renderWithApp(<VerifyEmailPage />, { path: "/auth/verify?token=tok-3" });
    fireEvent.change(screen.getByLabelText("The password you chose when you signed up"), { target: { value: "pw" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify my email" }));
    expect((await screen.findByRole("alert")).textContent).toContain("This verification link has expired.");
    expect(screen.getByRole("link", { name: "Go to sign in" }).getAttribute("href")).toBe("/auth");
  });

  it("a next naming another site is never followed", async () => {
    stubApi({ "POST /api/auth/verify/confirm": json(signedIn) });
    const evil = encodeURIComponent("//evil.test/team/capture?token=a");
    const { location } = renderWithApp(<VerifyEmailPage />, { path: `/auth/verify?token=tok-4&next=${evil}` });
    fireEvent.change(screen.getByLabelText("The password you chose when you signed up"), { target: { value: "pw" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify my email" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/dashboard?verified=1"));
  });
});
