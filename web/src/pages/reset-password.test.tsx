import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { PASSWORD_MIN_LENGTH } from "@/lib/domain";
import { paths } from "@/lib/paths";
import { renderWithApp, testUser } from "@/test/render";
import { answerNull, json, stubApi } from "@/test/stub-api";
import { AuthTabs } from "@/features/auth/auth-form";
import { ResetPasswordPage } from "./reset-password";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/auth/reset after a verification link", () => {
  it("the operator's address is told why it chooses a password again (issue 35)", async () => {
    stubApi({}, { fallback: answerNull });
    renderWithApp(<ResetPasswordPage />, { path: "/auth/reset?token=t&verified=operator" });
    expect(await screen.findByRole("heading", { name: "Your email is verified" })).toBeTruthy();
    expect(document.body.textContent).toContain("This is the operator's address");
    expect(document.body.textContent).toContain("Operator rights need a password chosen after the address is proved");
  });

  it("anyone else verified elsewhere is told it is for the account's safety; a plain reset link says neither", async () => {
    stubApi({}, { fallback: answerNull });
    renderWithApp(<ResetPasswordPage />, { path: "/auth/reset?token=t&verified=1" });
    expect(document.body.textContent).toContain("For your account's safety");
    cleanup();
    renderWithApp(<ResetPasswordPage />, { path: "/auth/reset?token=t" });
    expect(screen.getByRole("heading", { name: "Choose a new password" })).toBeTruthy();
  });
});

describe("the operator's way back to /admin (issue 46)", () => {
  const password = "p".repeat(PASSWORD_MIN_LENGTH);
  function choosePassword() {
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: password } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: password } });
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
  }

  it("after choosing the password the verification link asked for, signing in lands on /admin, not the dashboard", async () => {
    stubApi({ "POST /api/auth/reset-password": json({ reset: true }) }, { fallback: answerNull });
    const reset = renderWithApp(<ResetPasswordPage />, { path: "/auth/reset?token=t&verified=operator" });
    choosePassword();
    await waitFor(() => expect(reset.location.history.at(-1)).toBe(`${paths.auth}?next=%2Fadmin`));
    cleanup();

    const signedIn: string[] = [];
    const signIn = renderWithApp(<AuthTabs defaultTab="login" />, {
      path: `${paths.auth}?next=%2Fadmin`,
      signIn: async (email) => {
        signedIn.push(email);
        return { ...testUser, email };
      },
    });
    fireEvent.change(screen.getByLabelText(/^email$/i), { target: { value: "operator@headshot.test" } });
    fireEvent.change(screen.getByLabelText(/^password$/i), { target: { value: password } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(signIn.location.history.at(-1)).toBe(paths.admin));
    expect(signedIn).toEqual(["operator@headshot.test"]);
  });

  it("anyone else verified elsewhere signs in to the dashboard as before", async () => {
    stubApi({ "POST /api/auth/reset-password": json({ reset: true }) }, { fallback: answerNull });
    const reset = renderWithApp(<ResetPasswordPage />, { path: "/auth/reset?token=t&verified=1" });
    choosePassword();
    await waitFor(() => expect(reset.location.history.at(-1)).toBe(paths.auth));
  });
});
