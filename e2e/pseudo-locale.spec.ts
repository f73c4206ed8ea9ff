/**
 * Issue 50: longer words must not break a phone's screen. The pseudo-locale (copy/pseudo.ts: every message accented
 * and about 40 % longer, its padding one long unbreakable run as German compounds are) is built into web/dist-pseudo
 * by `npm run build:pseudo` (beside the suite, e2e/pseudo-build.ts; decisions 390 and 430). This file's pages are served
 * that build in place of web/dist — the HTML, scripts, stylesheets and pictures (page.route), while /api/ still
 * reaches the stack — and every main screen at 360 px is checked for a page wider than the screen and for controls
 * whose words are clipped or spill out (helpers.ts overflowProblems).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { pseudoText } from "../copy/pseudo";
import { PASSWORD, createVerifiedAccount, overflowProblems, portraitPng, visitorHeaders } from "./helpers";
import { pseudoBuildReady } from "./pseudo-build";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIST = join(ROOT, "web/dist-pseudo");
const PHONE = { width: 360, height: 780 };
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".xml": "application/xml",
  ".txt": "text/plain",
};

/** The pseudo build's file for a path, as Workers Static Assets answer it (wrangler.toml): x.html for /x, the nearest 404.html. */
function pseudoFile(pathname: string): { file: string; status: number } {
  const isFile = (rel: string) => existsSync(join(DIST, rel)) && statSync(join(DIST, rel)).isFile();
  for (const rel of pathname.endsWith("/") ? [`${pathname}index.html`] : [pathname, `${pathname}.html`])
    if (isFile(rel)) return { file: join(DIST, rel), status: 200 };
  const prefix = pathname.match(/^\/(de|fr|es|it)\//)?.[1];
  return { file: join(DIST, prefix ? `${prefix}/404.html` : "404.html"), status: 404 };
}

// The pseudo build, made from the same sources as the suite's build: started beside the suite by its global setup
// (e2e/pseudo-build.ts), or made here.
test.beforeAll(async () => {
  test.setTimeout(360_000);
  await pseudoBuildReady();
});

/** The page is served the pseudo build from here on (everything of ours but /api/). */
async function servePseudo(page: Page) {
  const origin = new URL(baseURL).origin;
  await page.route(
    (url) => url.origin === origin && !url.pathname.startsWith("/api/"),
    async (route) => {
      const { file, status } = pseudoFile(decodeURIComponent(new URL(route.request().url()).pathname));
      await route.fulfill({ status, body: readFileSync(file), contentType: TYPES[extname(file)] ?? "application/octet-stream" });
    },
  );
}

/** The pseudo text of an English message: what a control is named on these pages. */
const p = (english: string) => pseudoText(english);

test.use({ viewport: PHONE, locale: "en-US" });

/** Collects each screen's problems under its name; the test fails at its end with all of them. */
function screens(page: Page) {
  const found: string[] = [];
  return {
    found,
    async check(name: string) {
      await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true))); // every answer shown
      found.push(...(await overflowProblems(page)).map((problem) => `${name} — ${problem}`));
    },
  };
}

test("signed out at 360 px in the pseudo-locale: the public pages, the menu, sign-in and sign-up fit the screen", async ({ page }) => {
  await servePseudo(page);
  const { found, check } = screens(page);
  await page.goto("/");
  await expect(page.locator("h1")).toHaveText(/^\[Pröféššíöñál/); // the pseudo build, not the real one
  await check("landing");
  await page.getByRole("button", { name: p("Menu"), exact: true }).click();
  await expect(page.getByRole("navigation", { name: p("Mobile") })).toBeVisible();
  await check("landing, menu open");
  for (const path of ["/services/actor-headshots", "/de/services/business-headshots", "/privacy-policy", "/no-such-page"]) {
    await page.goto(path);
    await check(path);
  }
  await page.goto("/auth");
  await expect(page.getByRole("tab", { name: p("Sign Up") })).toBeVisible();
  await check("/auth sign in");
  await page.getByRole("tab", { name: p("Sign Up") }).click();
  await check("/auth sign up");
  await page.goto("/auth/forgot");
  await check("/auth/forgot");
  expect(found).toEqual([]);
});

test("signed in at 360 px in the pseudo-locale: the wizard's steps, the result, pricing, account and team fit the screen", async ({
  page,
  request,
}) => {
  const email = await createVerifiedAccount(request, "pseudo");
  await servePseudo(page);
  const signin = await page.request.post("/api/auth/signin", { data: { email, password: PASSWORD }, headers: visitorHeaders() });
  expect(signin.status()).toBe(200);
  const { found, check } = screens(page);
  await page.goto("/dashboard");
  const radios = page.getByRole("radio");
  await expect(radios.first()).toBeVisible();
  await check("dashboard, step 1");
  await radios.first().click();
  await check("dashboard, step 2");
  await page.getByRole("radio", { name: p("LinkedIn"), exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await portraitPng() });
  await expect(page.getByRole("button", { name: p("Generate Headshot") })).toBeEnabled();
  await check("dashboard, step 3");
  await page.getByRole("button", { name: p("Generate Headshot") }).click();
  await expect(page.getByRole("button", { name: p("Generate Another Headshot") })).toBeVisible({ timeout: 30_000 });
  await check("dashboard, result");
  await page.getByRole("button", { name: p("Toggle sidebar") }).click();
  await check("dashboard, sidebar open");
  for (const path of ["/pricing", "/account", "/team"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await check(path);
  }
  expect(found).toEqual([]);
});
