import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { OPERATOR, authHeaders, createVerifiedAccount, ensureOperator, openTab, portraitPng, seriousA11yProblems, signIn } from "./helpers";

/** A verified user with one finished headshot, made through the API; answers their email. */
async function userWithHeadshot(request: APIRequestContext, prefix: string): Promise<string> {
  const email = await createVerifiedAccount(request, prefix);
  const headers = await authHeaders(request, email);
  const upload = await request.post("/api/headshots/upload", {
    headers,
    multipart: { photo: { name: "me.png", mimeType: "image/png", buffer: await portraitPng() }, style: "Corporate", gender: "woman" },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  expect((await request.post(`/api/headshots/${id}/generate`, { headers })).ok()).toBe(true);
  await expect
    .poll(async () => ((await (await request.get(`/api/headshots/${id}/status`, { headers })).json()) as { status: string }).status, {
      message: "the headshot finishes",
      timeout: 30_000,
    })
    .toBe("completed");
  return email;
}

test("the operator reads every tab, flags and deletes a headshot, exports users and deletes a user", async ({ page, request }) => {
  await ensureOperator(request);
  const victim = await userWithHeadshot(request, "victim");

  await signIn(page, OPERATOR);
  await page.getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

  // The four cards, with figures from the server.
  const summary = page.getByRole("region", { name: "Summary" });
  for (const title of ["Total Users", "Total Headshots", "Active Subscriptions", "MRR"]) {
    await expect(summary.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  await expect(summary.getByText(/^\+\d+ this month$/).first()).toBeVisible();
  await expect(summary.getByText(/^of \d+ total$/)).toBeVisible();
  await expect(summary.getByText(/^€\d[\d,]*\.\d\d$/)).toBeVisible();

  // Overview: three charts (each with its figures for screen readers) and the two Net Profit cards.
  for (const chart of ["User Growth", "Generation Trends", "Subscription Distribution"]) {
    await expect(page.getByRole("heading", { name: chart, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("figure", { name: "User Growth" })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Generation Trends" }).locator(".recharts-wrapper")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Net Profit (Last 30d)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Net Profit (MRR)" })).toBeVisible();

  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText("All dashboard data has been refreshed.", { exact: true })).toBeVisible();

  await openTab(page, "Analytics");
  await expect(page.getByRole("heading", { name: "User Analytics" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Revenue Analytics" })).toBeVisible();
  await expect(page.getByText(/^\d+\.\d\d%$/)).toBeVisible(); // churn rate, two decimals

  await openTab(page, "Financials");
  await expect(page.getByRole("heading", { name: "Revenue by Plan" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Financial Metrics" })).toBeVisible();
  const picker = page.getByRole("button", { name: "Date range: Select date range" });
  await picker.click();
  const days = page.getByRole("grid").first().getByRole("button").filter({ hasNotText: /^$/ });
  await days.nth(0).click();
  await expect(page.getByRole("button", { name: /^Date range: From / })).toBeVisible();
  await days.nth(4).click();
  await expect(page.getByRole("button", { name: /^Date range: \w{3} \d+, \d{4} - \w{3} \d+, \d{4}$/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Clear date range" }).click();
  await expect(picker).toBeVisible();

  await openTab(page, "Monitoring");
  await expect(page.getByRole("heading", { name: "System Performance" })).toBeVisible();
  await expect(page.getByText("Database healthy", { exact: true })).toBeVisible(); // read from /api/admin/health
  await expect(page.getByText(/^Last updated: /)).toBeVisible();

  // Moderation: the victim's headshot is flagged with a reason, then deleted.
  await openTab(page, "Moderation");
  await expect(page.getByRole("heading", { name: "Content Moderation" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: victim });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Completed")).toBeVisible();
  await expect(card.getByText("Pending")).toBeVisible();
  await card.getByRole("button", { name: "Details" }).click();
  const details = page.getByRole("dialog", { name: "Headshot Details" });
  await expect(details.getByRole("img", { name: "Generated headshot" })).toBeVisible();
  await page.keyboard.press("Escape");
  await card.getByRole("button", { name: "Flag" }).click();
  const flagDialog = page.getByRole("dialog", { name: "Flag Headshot" });
  await flagDialog.getByLabel("Reason").fill("Not a real person");
  await flagDialog.getByRole("button", { name: "Flag Headshot" }).click();
  await expect(page.getByText("The headshot has been flagged for review.", { exact: true })).toBeVisible();
  await expect(flagDialog).toHaveCount(0);
  await expect(card.getByText("Flagged", { exact: true })).toBeVisible();
  await expect(card.getByText("Reason: Not a real person")).toBeVisible();

  // The server filters by moderation status: flagged ones, then (after the delete) removed ones.
  const showOnly = async (status: string) => {
    await page.getByLabel("Show", { exact: true }).click();
    await page.getByRole("option", { name: status }).click();
  };
  await showOnly("Flagged");
  await expect(card).toHaveCount(1);
  await card.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Delete (1)" }).click();
  await page.getByRole("alertdialog", { name: "Delete this headshot?" }).getByRole("button", { name: "Delete headshot" }).click();
  await expect(page.getByText("1 headshots have been deleted.", { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0); // no longer flagged
  await expect(page.getByRole("button", { name: /^Delete \(/ })).toHaveCount(0);
  await showOnly("Removed");
  await expect(card.getByText("Removed", { exact: true })).toBeVisible();
  await expect(card.getByText("No generated image")).toBeVisible();

  // Users: found by search; the CSV holds its header and the victim's row.
  await openTab(page, "Users");
  await page.getByRole("searchbox", { name: "Search users by email or name" }).fill(victim);
  const row = page.getByRole("row").filter({ hasText: victim });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("row")).toHaveCount(2); // the header and the one match
  await expect(row.getByText("No subscription")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("users.csv");
  const csv = await readFile(await download.path(), "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "id,email,first_name,last_name,headshots,subscriptions,subscription_status,subscription_plan,last_headshot_at,joined_at,team,team_role",
  );
  expect(lines.find((l) => l.includes(victim))).toMatch(new RegExp(`^[0-9a-f-]{36},${victim.replace(/[.+]/g, "\\$&")},,,\\d+,0,,,`));
  await expect(page.getByText("Users data has been exported to CSV.", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: `Delete ${victim}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete User" });
  await expect(confirm.getByText("Are you sure you want to delete this user? This action cannot be undone.")).toBeVisible();
  await expect(confirm.getByText(victim)).toBeVisible();
  await confirm.getByRole("button", { name: "Delete User" }).click();
  await expect(page.getByText("User has been successfully deleted.", { exact: true })).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(`No users match “${victim}”`)).toBeVisible();
});

test("every tab fits a 360 px phone and a 1280 px screen, and axe finds nothing serious", async ({ page, request }) => {
  await ensureOperator(request);
  await signIn(page, OPERATOR);
  const tabs = {
    Overview: "User Growth",
    Users: "Last Activity",
    Analytics: "Revenue Analytics",
    Financials: "Financial Metrics",
    Moderation: "Content Moderation",
    Monitoring: "System Health",
  };
  const a11y: string[] = [];
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin");
    for (const [tab, shows] of Object.entries(tabs)) {
      await openTab(page, tab);
      await expect(page.getByRole("tabpanel").getByText(shows, { exact: true }).first()).toBeVisible();
      await expect(page.getByRole("tabpanel").getByRole("status")).toHaveCount(0); // loaded
      // Nothing but the users table (which scrolls inside its own box) is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${tab} at ${width} px`).toBeLessThanOrEqual(width);
      a11y.push(...(await seriousA11yProblems(page)).map((p) => `${tab} at ${width} px — ${p}`));
    }
  }
  expect(a11y).toEqual([]);
});

test("anyone else sees the permission alert and lands on the dashboard, with no Admin link", async ({ page, request }) => {
  const email = await createVerifiedAccount(request, "notadmin");
  await signIn(page, email);
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await page.goto("/admin");
  await expect(page.getByText("You don't have permission to access this page.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await request.get("/api/admin/stats")).status()).toBe(401);
});
