import { expect, test } from "@playwright/test";
import { PASSWORD, asNewVisitor, createVerifiedAccount, mailLink, signIn } from "./helpers";

test("forgot password end to end through the dev mailbox: the new password works, the old one no longer does", async ({
  page,
  request,
}) => {
  const email = await createVerifiedAccount(request, "forgot");
  const newPassword = "a fresh new password";

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  const form = page.getByRole("form", { name: "Reset password" });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText(`If an account exists for ${email}, we've sent it a link to reset your password.`, { exact: false }),
  ).toBeVisible();

  // The link in the mail opens the reset page; the spec's mismatch words guard the confirmation.
  await page.goto(await mailLink(request, email, "/auth/reset"));
  const reset = page.getByRole("form", { name: "Choose a new password" });
  await reset.getByLabel("New password", { exact: true }).fill(newPassword);
  await reset.getByLabel("Confirm new password").fill(`${newPassword}x`);
  await expect(reset.getByText("Passwords do not match")).toBeVisible();
  await expect(reset.getByRole("button", { name: "Set new password" })).toBeDisabled();
  await reset.getByLabel("Confirm new password").fill(newPassword);
  await reset.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(
    page.getByText("Your new password is set and you were signed out everywhere. Please sign in.", { exact: true }),
  ).toBeVisible();

  // The old password is refused with the usual words; the new one signs in.
  await asNewVisitor(page);
  const login = page.getByRole("form", { name: "Sign in" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await login.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid email or password.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, email, newPassword);

  // The link was single use.
  await page.goto(await mailLink(request, email, "/auth/reset"));
  const again = page.getByRole("form", { name: "Choose a new password" });
  await again.getByLabel("New password", { exact: true }).fill("yet another password");
  await again.getByLabel("Confirm new password").fill("yet another password");
  await again.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("This password reset link has expired or was already used. Please ask for a new one.")).toBeVisible();
});
