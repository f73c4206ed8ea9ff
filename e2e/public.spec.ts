import { expect, test, type Locator, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { axe, createVerifiedAccount, signIn } from "./helpers";

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

async function noSeriousViolations(page: Page) {
  const { violations } = await axe(page).analyze();
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
  // the sitemap index names one sitemap per language, each listing the 12 public pages in its language (issue 50)
  const index = await (await request.get("/sitemap.xml")).text();
  const sitemaps = [...index.matchAll(/<sitemap><loc>https?:\/\/[^/]+(\/sitemap-[a-z]{2}\.xml)<\/loc>/g)].map((m) => m[1]!);
  expect(sitemaps).toEqual(["en", "de", "fr", "es", "it"].map((l) => `/sitemap-${l}.xml`));
  for (const file of sitemaps) {
    const sitemap = await (await request.get(file)).text();
    const locs = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(locs, file).toHaveLength(12);
    if (file !== "/sitemap-en.xml")
      expect(
        locs.every((l) => l.startsWith(`/${file.slice(9, 11)}/`)),
        file,
      ).toBe(true);
  }
  // the other languages' pages are served from their folders, the not-found page in its language
  const german = await request.get("/de/");
  expect(german.status()).toBe(200);
  expect(await german.text()).toContain('<html lang="de">');
  expect((await request.get("/fr/services/actor-headshots")).status()).toBe(200);
  const missing = await request.get("/de/no-such-page");
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain("Seite nicht gefunden");
  const robots = await (await request.get("/robots.txt")).text();
  for (const p of ["/dashboard", "/account", "/admin", "/api/"]) expect(robots).toContain(`Disallow: ${p}`);
  expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
  const login = await request.get("/api/auth/login", { maxRedirects: 0 });
  expect(login.status()).toBe(302);
  expect(login.headers().location).toBe("/auth?tab=signup");
});

/**
 * The scripts a page requested (same-origin /assets/*.js). Before any interaction a public page loads its
 * entry and the entry's static imports only (no framework; decision 120); the islands' code (React, the
 * header) arrives at the first click on one of their buttons.
 */
function scriptsRequested(page: Page) {
  const urls: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js")) urls.push(url.pathname);
  });
  return {
    urls,
    /** Whether the islands chunk (the framework's way in) has been asked for. */
    framework: () => urls.some((u) => /\/assets\/(islands|jsx-runtime|site-header)-/.test(u)),
  };
}

/** The entry script and its modulepreloads, as the page's HTML names them. */
const entryScripts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[type="module"][src], link[rel="modulepreload"]')].map(
      (el) => new URL("src" in el ? el.src : el.href).pathname,
    ),
  );

/** The element is drawn on top where it is: the point at its centre hits it (or its content), in the viewport. */
const onTop = (el: Locator) =>
  el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.top >= 0 && r.bottom <= innerHeight && !!hit && e.contains(hit);
  });

/** The remembered consent choice (a first-party cookie, a year). */
const consentCookie = async (page: Page) => {
  const cookie = (await page.context().cookies()).find((c) => c.name === "hs_consent");
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 364 * 86400);
  return cookie?.value;
};

/** The whole app's stylesheet, as a public page names it for its islands (decision 151). */
const wholeStylesheet = (page: Page) => page.locator("style[data-whole]").getAttribute("data-whole");

const reactIn = (page: Page, selector: string) =>
  page.evaluate((s) => [...document.querySelectorAll(s)].some((el) => Object.keys(el).some((k) => k.startsWith("__react"))), selector);

test("no framework code before an interaction: the page works from its HTML; a signed-out visitor's first click opens Services and loads none (decision 181)", async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  const stylesheets: string[] = [];
  page.on("request", (r) => r.resourceType() === "stylesheet" && stylesheets.push(new URL(r.url()).pathname));
  const session: string[] = [];
  page.on("request", (r) => r.url().includes("/api/auth/session") && session.push(r.url()));
  await page.addInitScript(() => {
    const w = window as unknown as { removed: number; shift: number };
    w.removed = 0;
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.shift += e.value;
    }).observe({ type: "layout-shift", buffered: true });
    document.addEventListener("DOMContentLoaded", () => {
      new MutationObserver((ms) => ms.forEach((m) => (w.removed += m.removedNodes.length))).observe(document.getElementById("main")!, {
        childList: true,
        subtree: true,
      });
    });
  });
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  // Reading the page, following its anchors and opening the FAQ need no script at all.
  await page.mouse.wheel(0, 4000);
  await page.getByText("Is it free to try?").click();
  await expect(page.getByText(/you get 2 free generations/)).toBeVisible();
  await page.goto("/#pricing");
  await page.waitForLoadState("networkidle");
  expect(scripts.framework()).toBe(false);
  expect(new Set(scripts.urls)).toEqual(new Set(await entryScripts(page)));
  expect(session).toEqual([]);
  expect(await reactIn(page, "*")).toBe(false);
  expect(stylesheets).toEqual([]); // the page's own rules are inline (decision 151)

  // The first click on Services opens it: the browser's popover, no script; a signed-out header loads none.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("button", { name: "Services" }).click();
  await expect(page.getByRole("group", { name: "Platform Specific" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.framework()).toBe(false);
  expect(stylesheets).toEqual([]);
  expect(session).toEqual([]);
  expect(await reactIn(page, "*")).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { removed: number }).removed)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
});

test("a click made before the page's entry script has run opens the menu at once: the browser's popover needs none (decision 181)", async ({
  page,
}) => {
  let release!: () => void;
  const entryHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await entryHeld;
    await route.continue();
  });
  await page.setViewportSize(DESKTOP);
  await page.goto("/", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Services" }).click();
  await expect(page.getByRole("group", { name: "Platform Specific" })).toBeVisible();
  release();
});

test.describe("touch", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
  test("the first tap on the mobile menu's button opens the menu", async ({ page }) => {
    const scripts = scriptsRequested(page);
    await page.goto("/services/linkedin-headshots");
    await page.waitForLoadState("networkidle");
    expect(scripts.framework()).toBe(false);
    await page.getByRole("button", { name: "Menu", exact: true }).tap();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Gmail Headshots" }).tap();
    await expect(page).toHaveURL(/\/services\/gmail-headshots$/);
  });
});

test("the first Enter or Space on the mobile menu's button opens the menu, with no code loaded (decision 181)", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const scripts = scriptsRequested(page);
  for (const key of ["Enter", "Space"]) {
    await page.goto(`/services/cv-headshots?${key}`); // a fresh document each time
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Menu", exact: true }).focus();
    await page.keyboard.press(key);
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu, key).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeFocused();
  }
  expect(scripts.framework()).toBe(false);
});

test("the first Enter on Services opens it (desktop keyboard)", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/privacy-policy");
  await page.waitForLoadState("networkidle");
  const services = page.getByRole("button", { name: "Services" });
  await services.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group", { name: "General Use" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("group", { name: "General Use" })).toBeHidden();
  await expect(services).toBeFocused();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`consent banner at ${viewport.width} px without React: accept, remembered; Cookie settings; decline; nothing sent before consent`, async ({
    page,
  }) => {
    const scripts = scriptsRequested(page);
    const pixelLogs: string[] = [];
    page.on("console", (m) => m.text().startsWith("[pixel]") && pixelLogs.push(m.text()));
    await page.setViewportSize(viewport);
    await page.goto("/services/cv-headshots");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(pixelLogs).toEqual([]); // nothing before a choice
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => pixelLogs).toEqual([expect.stringContaining("PageView")]); // the page accepted on
    expect(await consentCookie(page)).toBe("granted");

    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(banner).toBeHidden(); // remembered
    await expect.poll(() => pixelLogs.length).toBe(2); // this page's PageView, with consent
    expect(pixelLogs[1]).toContain("PageView");

    const settings = page.getByRole("button", { name: "Cookie settings" });
    await settings.click();
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
    await expect(banner).toBeInViewport();
    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(banner).toBeHidden();
    await expect(settings).toBeFocused();
    expect(await consentCookie(page)).toBe("denied");
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(banner).toBeHidden();
    expect(pixelLogs).toHaveLength(2); // declined: nothing more
    expect(scripts.framework()).toBe(false); // all of it without React
    expect(await reactIn(page, "*")).toBe(false);
  });

  test(`consent banner layout at ${viewport.width} px: first for the keyboard, covering nothing (hero's buttons, header, mobile menu)`, async ({
    page,
  }) => {
    const height = viewport.width < 768 ? 780 : 800; // issue 23 measured at 1280×800
    await page.setViewportSize({ width: viewport.width, height });
    await page.goto("/");
    const banner = page.locator("#consent-banner");
    await expect(banner).toBeVisible();

    // in the page's flow, right under the header: it covers no part of the page at any scroll position
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe("static");
    const header = await page.getByRole("banner").boundingBox();
    expect((await banner.boundingBox())!.y).toBeCloseTo(header!.y + header!.height, 0);
    for (const name of ["Generate Free Headshot", "See Examples"]) {
      const cta = page.getByRole("main").getByRole("link", { name });
      await expect(cta).toBeInViewport({ ratio: 1 });
      expect(await onTop(cta), name).toBe(true);
    }

    // the keyboard reaches it first: skip link, then the banner's link and buttons
    const stops: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      stops.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""));
    }
    expect(stops).toEqual(["Skip to content", "Privacy Policy", "Accept", "Decline"]);

    if (viewport.width < 768) {
      // the open mobile menu is drawn over nothing and under nothing: every entry is reachable and on top
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await expect(menu).toBeVisible();
      await expect(menu).toBeInViewport();
      for (const item of await menu.locator("a, button").filter({ visible: true }).all()) {
        await item.scrollIntoViewIfNeeded();
        expect(await onTop(item), (await item.textContent()) ?? "").toBe(true);
      }
    }
  });

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
    expect(pixelLogs).toEqual([]);
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toHaveCount(0);
    await expect.poll(() => pixelLogs.some((l) => l.includes("PageView"))).toBe(true);

    if (phone) {
      const toggle = page.getByRole("button", { name: "Menu", exact: true });
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
      for (const g of ["Platform Specific", "Industry Specific", "General Use"])
        await expect(page.getByRole("group", { name: g })).toBeVisible();
      await expect(page.getByRole("group", { name: "Industry Specific" }).getByRole("link")).toHaveText([
        "Actor Headshots",
        "Modeling Headshots",
        "Business Headshots",
      ]);
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

    await page.getByRole("link", { name: "Generate Free Headshot" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    expect(errors).toEqual([]);
  });

  test(`audience page at ${viewport.width} px: the CTA ends on /auth's Sign Up tab with the page's style; policy and 404 pages`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/services/actor-headshots");
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Decline" }).click();
    await expect(page.getByText("8x10 composition").first()).toBeVisible();
    await noSeriousViolations(page);
    await page.getByRole("link", { name: /Create Your Actor Headshot/ }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signup&style=black-background$/);

    await page.goto("/privacy-policy");
    await expect(page.getByText(/^Last updated: /)).toBeVisible();
    await noSeriousViolations(page);
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await noSeriousViolations(page);
  });
}

test("a public page's own stylesheet draws it exactly as the whole stylesheet does: landing, audience, policy, 404, signed in or not", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  /** The whole page, every section drawn and every picture decoded, as a PNG. */
  const drawn = async () => {
    await page.evaluate(async () => {
      for (const img of document.images) img.loading = "eager";
      await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
    });
    return page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });
  };
  for (const signedIn of [false, true]) {
    if (signedIn) await page.context().addCookies([{ name: "hs_signed_in", value: "1", url: baseURL }]);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const path of ["/", "/services/cv-headshots", "/privacy-policy", "/no-such-page"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        // Sections below the fold are drawn only near the screen (content-visibility): draw them all.
        await page.addStyleTag({ content: ".below-fold { content-visibility: visible !important; }" });
        const own = await drawn();
        const href = (await wholeStylesheet(page))!;
        await page.evaluate(
          (h) =>
            new Promise((resolve, reject) =>
              document.head.append(
                Object.assign(document.createElement("link"), { rel: "stylesheet", href: h, onload: resolve, onerror: reject }),
              ),
            ),
          href,
        );
        const whole = await drawn();
        const name = `${path.slice(1).replace(/\W+/g, "-") || "landing"}-${viewport.width}${signedIn ? "-signed-in" : ""}`;
        if (!own.equals(whole)) {
          await testInfo.attach(`${name}-own.png`, { body: own, contentType: "image/png" });
          await testInfo.attach(`${name}-whole.png`, { body: whole, contentType: "image/png" });
        }
        expect(own.equals(whole), `${name}: drawn differently with the page's own stylesheet`).toBe(true);
      }
    }
  }
});

test("signed in: the header shows the Account menu from the first paint, without framework code; its first click opens it with the email", async ({
  page,
  request,
}) => {
  const email = await createVerifiedAccount(request, "public-header");
  await signIn(page, email);
  await page.setViewportSize(DESKTOP);
  const scripts = scriptsRequested(page);
  const stylesheets: string[] = [];
  page.on("request", (r) => r.resourceType() === "stylesheet" && stylesheets.push(new URL(r.url()).pathname));
  const session: string[] = [];
  page.on("request", (r) => r.url().includes("/api/auth/session") && session.push(r.url()));
  await page.goto("/services/cv-headshots");
  const account = page.getByRole("button", { name: "Account" });
  await expect(account).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeHidden();
  await page.waitForLoadState("networkidle");
  expect(scripts.framework()).toBe(false);
  expect(session).toEqual([]); // the signed-in hint, not a request
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
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("hs_signed_in");
});

test("a signed-in hint that outlived its session: the first click finds no session, and the header turns to Sign In", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "hs_signed_in", value: "1", url: baseURL }]);
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  const account = page.getByRole("button", { name: "Account" });
  await expect(account).toBeVisible();
  await account.click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(account).toHaveCount(0);
  await expect.poll(async () => (await context.cookies()).map((c) => c.name)).not.toContain("hs_signed_in");
});
