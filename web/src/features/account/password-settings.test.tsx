import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { setAccessToken } from "@/api/client";
import { PASSWORD_MIN_LENGTH } from "@/lib/domain";
import { apiError, json, stubApi } from "@/test/stub-api";
import { renderWithApp, testUser } from "@/test/render";
import { PasswordSettings } from "./password-settings";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setAccessToken(null);
});

const good = "x".repeat(PASSWORD_MIN_LENGTH);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => screen.getByRole("button", { name: "Change password" }) as HTMLButtonElement;

describe("changing the password", () => {
  it("sends once the new password is long enough and confirmed, then empties the form", async () => {
    const calls = stubApi({
      "GET /api/account": json({ hasPassword: true, google: false }),
      "POST /api/account/password": json({ accessToken: "t2" }),
    });
    renderWithApp(<PasswordSettings />, { user: testUser });
    await screen.findByLabelText("Current password");
    type("Current password", "old-password");
    type("New password", good.slice(1));
    expect(submit().disabled).toBe(true);
    type("New password", good);
    type("Confirm new password", `${good}!`);
    expect(submit().disabled).toBe(true);
    type("Confirm new password", good);
    fireEvent.click(submit());
    expect(await screen.findByText("Your other devices have been signed out.")).toBeTruthy();
    expect(calls.find((c) => c.key === "POST /api/account/password")?.body).toEqual({ currentPassword: "old-password", newPassword: good });
    for (const label of ["Current password", "New password", "Confirm new password"])
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe("");
  });

  it("keeps what was typed and says why when the server refuses", async () => {
    stubApi({
      "GET /api/account": json({ hasPassword: true, google: false }),
      "POST /api/account/password": apiError(400, { error: "Bad Request", message: "Your current password is not right." }),
    });
    renderWithApp(<PasswordSettings />, { user: testUser });
    await screen.findByLabelText("Current password");
    type("Current password", "wrong");
    type("New password", good);
    type("Confirm new password", good);
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Your current password is not right."));
    expect((screen.getByLabelText("New password") as HTMLInputElement).value).toBe(good);
  });
});
