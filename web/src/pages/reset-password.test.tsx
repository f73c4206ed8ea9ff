import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { renderWithApp } from "@/test/render";
import { answerNull, stubApi } from "@/test/stub-api";
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
