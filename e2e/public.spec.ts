import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createVerifiedAccount, signIn } from "./helpers";

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

async function noSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("HTTP: public pages 200 with their HTML, app routes 200, unknown paths a real 404; sitemap and robots", async ({ request }) => {
  const home = await request.get("/");
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain("Generate Free Headshot");
  for (const path of ["/services/actor-headshots", "/privacy-policy", "/terms-of-service", "/auth", "/dashboard", "/oauth/callback"]) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  for (const path of ["/no-such-page", "/services/unknown-headshots", "/dashboard/nope"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text()).toContain("Page not found");
  }
  expect((await request.get("/api/no-such-route")).status()).toBe(404);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap.match(/<loc>/g)).toHaveLength(12);
  const robots = await (await request.get("/robots.txt")).text();
  for (const p of ["/dashboard", "/account", "/admin", "/api/"]) expect(robots).toContain(`Disallow: ${p}`);
  expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
  const login = await request.get("/api/auth/login", { maxRedirects: 0 });
  expect(login.status()).toBe(302);
  expect(login.headers().location).toBe("/auth");
});

test("the prerendered page stays as served: only its islands come alive; nothing removed, no layout shift", async ({ page }) => {
  // The session lookup answers only once the header's island has been hydrated: the header then updates
  // while the rest of the page is in place, which must neither redraw nor move anything.
  let release!: () => void;
  const headerLive = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/auth/session", async (route) => {
    await headerLive;
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { removed: number; shift: number };
    w.removed = 0;
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.shift += e.value;
    }).observe({ type: "layout-shift", buffered: true });
    document.addEventListener("DOMContentLoaded", () => {
      new MutationObserver((ms) => ms.forEach((m) => (w.removed += m.removedNodes.length))).observe(document.getElementById("main")!, {
        childList: true,
        subtree: true,
      });
    });
  });
  const reactTookOver = (selector: string) =>
    page.evaluate((s) => Object.keys(document.querySelector(s) ?? {}).some((k) => k.startsWith("__react")), selector);
  const session = page.waitForResponse("**/api/auth/session");
  await page.goto("/");
  await expect.poll(() => reactTookOver('button[aria-controls="services-menu"]')).toBe(true);
  release();
  await session;
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { removed: number }).removed)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
  // the page's own sections are the server's HTML: React never hydrated them
  expect(await reactTookOver("#faq")).toBe(false);
  expect(await reactTookOver("#main")).toBe(false);
});

for (const viewport of [PHONE, DESKTOP]) {
  const phone = viewport.width < 768;
  test(`landing at ${viewport.width} px: menu, Services, FAQ, See Examples, Get Started, consent`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await page.setViewportSize(viewport);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Professional headshots from a single photo");

    // The consent banner: nothing logged before a choice; Accept logs PageView locally (no pixel id here).
    const pixelLogs: string[] = [];
    page.on("console", (m) => m.text().startsWith("[pixel]") && pixelLogs.push(m.text()));
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await page.screenshot({ path: `test-results/public-landing-${viewport.width}.png`, fullPage: false });
    expect(pixelLogs).toEqual([]);
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toHaveCount(0);
    await expect.poll(() => pixelLogs.some((l) => l.includes("PageView"))).toBe(true);

    if (phone) {
      const toggle = page.getByRole("button", { name: "Open menu" });
      await toggle.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await expect(menu).toBeVisible();
      for (const g of ["Platform Specific", "Industry Specific", "General Use"]) await expect(menu.getByText(g)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
      await toggle.tap().catch(() => toggle.click()); // touch where available
      await expect(menu).toBeVisible();
      await menu.getByRole("link", { name: "Gmail Headshots" }).click();
      await expect(page).toHaveURL(/\/services\/gmail-headshots$/);
      await expect(menu).toBeHidden();
      await page.goto("/");
    } else {
      const services = page.getByRole("button", { name: "Services" });
      await services.click();
      for (const g of ["Platform Specific", "Industry Specific", "General Use"]) await expect(page.getByRole("group", { name: g })).toBeVisible();
      await expect(page.getByRole("group", { name: "Industry Specific" }).getByRole("link")).toHaveText(["Actor Headshots", "Modeling Headshots", "Business Headshots"]);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("group", { name: "General Use" })).toBeHidden();
      await services.press("Enter");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Business Headshots" }).click();
      await expect(page).toHaveURL(/\/services\/business-headshots$/);
      await expect(page).toHaveTitle(/Business Headshots/);
      await page.goto("/");
    }

    await page.getByRole("link", { name: "See Examples" }).click();
    await expect(page).toHaveURL(/#ai-styles$/);
    await expect(page.getByRole("heading", { name: "AI Styles" })).toBeInViewport();
    await expect(page.locator("#ai-styles img")).toHaveCount(20);

    const question = page.getByText("Is it free to try?");
    await question.scrollIntoViewIfNeeded();
    await expect(page.getByText(/you get 2 free generations/)).toBeHidden();
    await question.click();
    await expect(page.getByText(/you get 2 free generations/)).toBeVisible();

    await noSeriousViolations(page);
    await page.screenshot({ path: `test-results/public-landing-full-${viewport.width}.png`, fullPage: true });

    await page.getByRole("link", { name: "Generate Free Headshot" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("tab", { name: "Sign Up" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test(`audience page at ${viewport.width} px: the CTA ends on /auth; policy and 404 pages`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/services/actor-headshots");
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Decline" }).click();
    await expect(page.getByText("8x10 composition").first()).toBeVisible();
    await noSeriousViolations(page);
    await page.screenshot({ path: `test-results/public-actor-${viewport.width}.png`, fullPage: true });
    await page.getByRole("link", { name: /Create Your Actor Headshot/ }).click();
    await expect(page).toHaveURL(/\/auth$/);

    await page.goto("/privacy-policy");
    await expect(page.getByText(/^Last updated: /)).toBeVisible();
    await noSeriousViolations(page);
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await noSeriousViolations(page);
  });
}

test("signed in, a public page's header island shows the Account menu; the landing's CTA ends on /dashboard", async ({ page, request }) => {
  const email = await createVerifiedAccount(request, "public-header");
  await signIn(page, email);
  await page.setViewportSize(DESKTOP);
  await page.goto("/services/cv-headshots");
  const account = page.getByRole("button", { name: "Account" });
  await expect(account).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await account.click();
  await expect(page.getByText(email).filter({ visible: true })).toBeVisible();
  for (const name of ["Dashboard", "Settings"]) await expect(page.getByRole("banner").getByRole("link", { name })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(account).toBeFocused();
  // The landing's calls to action lead to /auth, which sends a signed-in visitor on to the dashboard.
  await page.goto("/");
  await page.getByRole("link", { name: "Generate Free Headshot" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Sign Out from the Account menu ends the session and returns to the landing page, signed out.
  await page.goto("/privacy-policy");
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
});
