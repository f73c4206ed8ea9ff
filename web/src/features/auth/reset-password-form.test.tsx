import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { PASSWORD_MIN_LENGTH } from "@/lib/domain";
import { paths, safeNext } from "@/lib/paths";
import { apiError, json, stubApi } from "@/test/stub-api";
import { renderWithApp } from "@/test/render";
import { ResetPasswordForm } from "./reset-password-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const good = "x".repeat(PASSWORD_MIN_LENGTH);
function choose(password: string) {
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
}

describe("choosing a new password from a reset link", () => {
  it("sends the link's token with the password, then asks to sign in", async () => {
    const calls = stubApi({ "POST /api/auth/reset-password": json({ reset: true }) });
    const { location } = renderWithApp(<ResetPasswordForm token="tok-1" />, { path: "/auth/reset?token=tok-1" });
    choose(good);
    await waitFor(() => expect(location.history.at(-1)).toBe(paths.auth));
    expect(calls[0]?.body).toEqual({ token: "tok-1", password: good });
  });

  it("the operator is asked to sign in and then goes on to /admin (issue 46)", async () => {
    stubApi({ "POST /api/auth/reset-password": json({ reset: true }) });
    const { location } = renderWithApp(<ResetPasswordForm token="tok-1" next={paths.admin} />, { path: "/auth/reset?token=tok-1" });
    choose(good);
    await waitFor(() => expect(location.history.at(-1)).toBe(`${paths.auth}?next=%2Fadmin`));
    expect(safeNext(new URLSearchParams(location.history.at(-1)!.split("?")[1]).get("next"))).toBe(paths.admin);
    expect(safeNext("/admin/../evil")).toBeNull();
  });

  it("a link that no longer works says why and offers a new one", async () => {
    stubApi({ "POST /api/auth/reset-password": apiError(400, { error: "Bad Request", message: "This link has expired." }) });
    renderWithApp(<ResetPasswordForm token="tok-1" />);
    choose(good);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("This link has expired. Ask for a new link");
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe(paths.authForgot);
  });
});
