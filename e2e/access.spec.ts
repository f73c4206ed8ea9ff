import { expect, test, type Locator, type Page } from "@playwright/test";
import { FAIR_USE } from "../domain/plans";
import {
  CARDS,
  OPERATOR,
  PASSWORD,
  asNewVisitor,
  axe,
  createVerifiedAccount,
  ensureOperator,
  openTab,
  payOnCheckoutPage,
  portraitPng,
  seriousA11yProblems,
  signIn,
  toastSaying,
  uniqueEmail,
} from "./helpers";

/** Issue 23, "Access and layout": each item in the browser, at 360 and 1280 px where layout is involved. */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SIZES = [PHONE, DESKTOP];

type Box = { x: number; y: number; width: number; height: number };
async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not laid out");
  return b;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** WCAG contrast of two sRGB colours given as [r, g, b] 0–255. */
function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
/** `fg` at `alpha` over `bg`, as the browser composites a colour with opacity. */
const over = (fg: number[], bg: number[], alpha: number) => fg.map((v, i) => v * alpha + bg[i]! * (1 - alpha));

/** The page's CSS colour tokens as sRGB, converted by the browser itself (a canvas paints them). */
function tokens(page: Page, names: string[]): Promise<Record<string, number[]>> {
  return page.evaluate((names) => {
    const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const css = getComputedStyle(document.documentElement);
    return Object.fromEntries(
      names.map((n) => {
        ctx.clearRect(0, 0, 1, 1);
        ctx.fillStyle = css.getPropertyValue(`--${n}`).trim();
        ctx.fillRect(0, 0, 1, 1);
        return [n, [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)]];
      }),
    );
  }, names);
}

test("red notices: every red text and background pairing is 4.5:1 or better, and a real error toast and alert pass axe", async ({
  page,
}) => {
  await page.goto("/auth?error=oauth_error");
  const t = await tokens(page, ["destructive", "destructive-foreground", "background", "card", "muted"]);
  const red = t.destructive!;
  const white = t["destructive-foreground"]!;
  const pairs: Record<string, [number[], number[]]> = {
    "button, badge, toast title: white on red": [white, red],
    "toast description: white at 90 % on red": [over(white, red, 0.9), red],
    "button hover: white on red at 90 %": [white, over(red, t.background!, 0.9)],
    "toast action hover: white on red under white at 10 %": [white, over(white, red, 0.1)],
    "error text on the page": [red, t.background!],
    "error text on a card or dialog": [red, t.card!],
    "error text on a muted row": [red, t.muted!],
    "alert: red text on its 5 % red tint": [red, over(red, t.background!, 0.05)],
  };
  const low = Object.entries(pairs)
    .map(([what, [fg, bg]]) => [what, Math.round(contrast(fg, bg) * 100) / 100] as const)
    .filter(([, ratio]) => ratio < 4.5);
  expect(low).toEqual([]);

  // the destructive alert (this page's ?error=) and a destructive toast (a failed sign-in), as axe measures them
  await expect(page.getByRole("alert").filter({ hasText: "Google sign-in didn't complete" })).toBeVisible();
  await asNewVisitor(page);
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(uniqueEmail("nobody"));
  await form.getByLabel("Password").fill("wrong password");
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Sign in failed", { exact: true })).toBeVisible();
  const { violations } = await axe(page).withRules(["color-contrast"]).analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`))).toEqual([]);
});

test("the sign-up toast leaves the verification banner and its resend button uncovered at 360 and 1280 px", async ({ page }) => {
  for (const size of SIZES) {
    await page.context().clearCookies();
    await page.setViewportSize(size);
    await page.goto("/auth?tab=signup");
    const form = page.getByRole("form", { name: "Sign up" });
    await form.getByLabel("Email").fill(uniqueEmail("toast"));
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Confirm password").fill(PASSWORD);
    await form.getByLabel(/I confirm that I am 13 or older/).check();
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const toast = toastSaying(page, "Account created successfully");
    const banner = page.getByRole("region", { name: "Verify your email address" });
    await expect(toast).toBeVisible();
    await expect(banner.getByRole("button", { name: "Resend verification email" })).toBeVisible();
    expect((await box(toast)).width, "the toast itself, not its 1 px announcement").toBeGreaterThan(200);
    expect(overlaps(await box(toast), await box(banner)), `toast over the banner at ${size.width} px`).toBe(false);
    // on a wide screen still at the top right, now just under the banner
    if (size === DESKTOP) expect((await box(toast)).x).toBeGreaterThan(size.width / 2);
  }
});

test("/auth's title follows its tab", async ({ page }) => {
  await page.goto("/auth");
  await expect(page).toHaveTitle("Sign In | Headshot Studio");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page).toHaveTitle("Sign Up | Headshot Studio");
  await page.getByRole("tab", { name: "Login" }).click();
  await expect(page).toHaveTitle("Sign In | Headshot Studio");
  await page.goto("/auth?tab=signup");
  await expect(page).toHaveTitle("Sign Up | Headshot Studio");
});

test("/account and /pricing have the app's sidebar at 360 and 1280 px; the billing button says Manage Billing", async ({
  page,
  request,
}) => {
  const email = await createVerifiedAccount(request, "frame");
  await signIn(page, email);
  await payOnCheckoutPage(page, { plan: "Monthly", card: CARDS.visa });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const [path, item, title] of [
      ["/account", "Account", "Account settings"],
      ["/pricing", "Pricing", "Pricing"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeAttached();
      await expect(page).toHaveTitle(`${title} | Headshot Studio`);
      await expect(page.getByRole("region", { name: "Verify your email address" })).toHaveCount(0);
      const nav = page.getByRole("navigation", { name: "Dashboard" });
      if (size === PHONE) {
        await expect(nav).toHaveCount(0);
        await page.getByRole("button", { name: "Toggle sidebar" }).click();
      }
      await expect(nav.getByRole("link", { name: item })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: "Generate New" })).toBeVisible();
      if (size === PHONE) await page.keyboard.press("Escape");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${size.width} px`).toBeLessThanOrEqual(
        size.width,
      );
    }
    await page.goto("/account");
    await expect(page.getByRole("button", { name: "Manage Billing" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Manage Account" })).toHaveCount(0);
    // My Gallery from here opens the dashboard on the gallery
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    if (size === PHONE) await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await nav.getByRole("link", { name: "My Gallery" }).click();
    await expect(page).toHaveURL(/\/dashboard\?view=gallery$/);
    await expect(page).toHaveTitle("My Gallery | Headshot Studio");
    await expect(page.getByText("No headshots yet")).toBeVisible();
  }
});

test("'Unlimited' states the fair-use allowance on the landing and /pricing cards and in the terms, at 360 and 1280 px", async ({
  page,
  request,
}) => {
  // the allowance at once and its refill, per plan (issue 45, decision 295)
  const noteOf = (plan: "weekly" | "monthly" | "yearly") =>
    `Fair use: up to ${FAIR_USE[plan].atOnce} pictures at once, then ${FAIR_USE[plan].refill} a ${FAIR_USE[plan].per}`;
  await page.goto("/terms-of-service");
  await expect(
    page.getByText(`unlimited generations under fair use, an allowance that refills: up to ${FAIR_USE.weekly.atOnce} pictures at once`),
  ).toBeVisible();
  const email = await createVerifiedAccount(request, "fairuse");
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.context().clearCookies();
    await page.goto("/#pricing");
    const landing = page
      .locator("#pricing")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(landing).toHaveCount(3);
    for (const card of await landing.all()) {
      await card.getByText(/^Fair use: up to \d+ pictures at once, then/).scrollIntoViewIfNeeded();
      await expect(card.getByText(/^Fair use: up to \d+ pictures at once, then/)).toBeVisible();
    }
    await signIn(page, email);
    await page.goto("/pricing");
    for (const [plan, id] of [
      ["Weekly", "weekly"],
      ["Monthly", "monthly"],
      ["Yearly", "yearly"],
    ] as const) {
      const unlimited = page
        .getByRole("list", { name: `${plan} includes` })
        .getByRole("listitem")
        .first();
      await expect(unlimited).toHaveText(`Unlimited generations${noteOf(id)}`);
      await unlimited.scrollIntoViewIfNeeded();
      await expect(unlimited.getByText(noteOf(id))).toBeVisible();
    }
  }
});

test("the admin date picker: a named dialog that fits the screen, each day button named by its number, at 360 and 1280 px", async ({
  page,
  request,
}) => {
  await ensureOperator(request);
  await signIn(page, OPERATOR);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto("/admin");
    await openTab(page, "Financials");
    await page.getByRole("button", { name: "Date range: Select date range" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose a date range" });
    await expect(dialog).toBeVisible();
    const b = await box(dialog);
    expect(b.x >= 0 && b.x + b.width <= size.width, `picker inside the screen at ${size.width} px`).toBe(true);
    const days = await dialog
      .getByRole("grid")
      .getByRole("button")
      .evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute("aria-label")]));
    expect(days.length).toBeGreaterThanOrEqual(56);
    for (const [text, label] of days) expect(label).toMatch(new RegExp(`^${text} [A-Z][a-z]+ \\d{4}, [A-Z][a-z]+day`));
    // today's own month: early or late in a month, today also shows as an outside day of the month beside it
    const month = new Date().toLocaleString("en-US", { month: "long" });
    const today = dialog.getByRole("grid", { name: month }).getByRole("button", { name: /, today/ });
    await today.click();
    await expect(page.getByRole("button", { name: /^Date range: From / })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }
});

/**
 * Holds every status poll until released, so the processing step stays on screen for as long as axe needs.
 * Changes no answer: the polls go through to the server once released (and at once after that).
 */
async function holdStatusPolls(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route("**/api/headshots/*/status", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("axe finds no serious or critical violation on any signed-in screen, dialogs open, at 360 and 1280 px", async ({ page, request }) => {
  test.setTimeout(300_000);
  const found: string[] = [];
  /** axe on the current screen at both widths (the screen's state kept between them). */
  async function sweep(name: string) {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      found.push(...(await seriousA11yProblems(page)).map((p) => `${name} at ${size.width} px — ${p}`));
    }
    await page.setViewportSize(DESKTOP);
  }
  const generate = page.getByRole("button", { name: "Generate Headshot" });
  async function throughTheSteps(opts: { sweep: boolean }) {
    await page.getByRole("radio", { name: /^Woman/ }).click();
    if (opts.sweep) await sweep("dashboard step 2 (style)");
    await page.getByRole("radio", { name: "LinkedIn", exact: true }).click();
    if (opts.sweep) await sweep("dashboard step 3 (photo)");
    await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await portraitPng() });
    await expect(generate).toBeEnabled();
    if (opts.sweep) await sweep("dashboard step 3 (photo chosen)");
  }

  const email = await createVerifiedAccount(request, "sweep");
  await page.setViewportSize(DESKTOP);
  await signIn(page, email);
  await expect(page.getByRole("radio", { name: /^Woman/ })).toBeVisible();
  await sweep("dashboard step 1 (gender)");
  await throughTheSteps({ sweep: true });
  const release = await holdStatusPolls(page);
  await generate.click();
  await expect(page.getByRole("progressbar")).toBeVisible();
  await sweep("dashboard step 4 (processing)");
  release();
  const another = page.getByRole("button", { name: "Generate Another Headshot" });
  await expect(another).toBeVisible({ timeout: 30_000 });
  await sweep("dashboard step 5 (result)");

  // the second free generation, then the Subscription Required dialog
  await another.click();
  await throughTheSteps({ sweep: false });
  await generate.click();
  await expect(another).toBeVisible({ timeout: 30_000 });
  await another.click();
  await page.getByRole("button", { name: "See plans and prices" }).click();
  const required = page.getByRole("dialog", { name: "Subscription Required" });
  await expect(required).toBeVisible();
  await sweep("Subscription Required dialog");
  await required.getByRole("button", { name: "Maybe Later" }).click();

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("button", { name: "My Gallery" }).click();
  await expect(page.getByRole("button", { name: /^Open LinkedIn headshot/ }).first()).toBeVisible();
  await sweep("gallery");

  await page.goto("/pricing");
  await expect(page.getByRole("button", { name: "Subscribe: Monthly" })).toBeVisible();
  await sweep("pricing");
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeAttached();
  await sweep("account");
  await page.getByRole("button", { name: "Delete account" }).click();
  const deleteAccount = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(deleteAccount).toBeVisible();
  await sweep("delete account dialog");
  await deleteAccount.getByRole("button", { name: "Cancel" }).click();

  // the operator's screens and dialogs
  await page.context().clearCookies();
  await ensureOperator(request);
  await signIn(page, OPERATOR);
  // (every tab itself, at both widths: admin.spec.ts, "every tab fits … and axe finds nothing serious")
  await page.goto("/admin");
  await openTab(page, "Financials");
  await expect(page.getByRole("tabpanel").getByText("Financial Metrics", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: "Date range: Select date range" }).click();
  await expect(page.getByRole("dialog", { name: "Choose a date range" })).toBeVisible();
  await sweep("admin date picker");
  await page.keyboard.press("Escape");

  await openTab(page, "Moderation");
  const card = page.getByRole("listitem").filter({ hasText: email }).first();
  await card.getByRole("button", { name: "Details" }).click();
  const details = page.getByRole("dialog", { name: "Headshot Details" });
  await expect(details.getByRole("img", { name: "Generated headshot" })).toBeVisible();
  await sweep("admin details dialog");
  await page.keyboard.press("Escape");
  await card.getByRole("button", { name: "Flag" }).click();
  const flag = page.getByRole("dialog", { name: "Flag Headshot" });
  await expect(flag.getByLabel("Reason")).toBeVisible();
  await sweep("admin flag dialog");
  await flag.getByRole("button", { name: "Cancel" }).click();

  await openTab(page, "Users");
  await page.getByRole("searchbox", { name: "Search users by email or name" }).fill(email);
  await page
    .getByRole("row")
    .filter({ hasText: email })
    .getByRole("button", { name: `Delete ${email}` })
    .click();
  const deleteUser = page.getByRole("alertdialog", { name: "Delete User" });
  await expect(deleteUser).toBeVisible();
  await sweep("admin delete user dialog");
  await deleteUser.getByRole("button", { name: "Cancel" }).click();

  expect(found).toEqual([]);
});
