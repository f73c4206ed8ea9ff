import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";

export const PASSWORD = "correct horse battery";
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;

/** The newest link in the dev mailbox for `email` that contains `pathPart`. */
export async function mailLink(request: APIRequestContext, email: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        const body = (await res.json()) as { messages: { links: string[] }[] };
        link = body.messages.flatMap((m) => m.links).find((l) => l.includes(pathPart));
        return Boolean(link);
      },
      { message: `a mail to ${email} with a ${pathPart} link` },
    )
    .toBe(true);
  return link!;
}

let visitors = Math.floor(Math.random() * 250);

/**
 * A fresh client address (TEST-NET-3), sent as CF-Connecting-IP the way Cloudflare sets it. Each sign-in in
 * the suite comes from its own address, as different people's do: the per-address sign-in limit (30 in 15
 * minutes) is the worker tests' business, and the suite signs in more often than that.
 */
export function visitorHeaders(): Record<string, string> {
  visitors += 1;
  return { "CF-Connecting-IP": `203.0.113.${1 + (visitors % 254)}` };
}

/** The page's requests from here on come from a fresh client address (see visitorHeaders). */
export async function asNewVisitor(page: Page) {
  await page.setExtraHTTPHeaders(visitorHeaders());
}

/** The bearer header of `email` (signed in through the API). */
export async function authHeaders(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const signin = await request.post("/api/auth/signin", { data: { email, password: PASSWORD }, headers: visitorHeaders() });
  expect(signin.status()).toBe(200);
  const { accessToken } = (await signin.json()) as { accessToken: string };
  return { Authorization: `Bearer ${accessToken}` };
}

let accounts = 0;

/**
 * Signs up through the API, not yet verified. Each account signs up from its own address (TEST-NET-2, via
 * CF-Connecting-IP as Cloudflare sets it), as different people do: the per-address sign-up limit (10 an
 * hour) is the worker tests' business, and the suite creates more accounts than that.
 */
export async function createAccount(request: APIRequestContext, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  accounts += 1;
  const res = await request.post("/api/auth/signup", {
    data: { email, password: PASSWORD, acceptTerms: true },
    headers: { "CF-Connecting-IP": `198.51.100.${accounts % 250}` },
  });
  expect(res.status()).toBe(201);
  return email;
}

/** Signs up through the API and opens the verification link: a verified account with 2 free generations. */
export async function createVerifiedAccount(request: APIRequestContext, prefix: string): Promise<string> {
  const email = await createAccount(request, prefix);
  const link = await mailLink(request, email, "/api/auth/verify");
  const verified = await request.get(link, { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  return email;
}

/** Signs in through the UI and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await asNewVisitor(page);
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A photo-like 800×1000 PNG (a face-ish ellipse on a gradient), made on the spot. */
export async function portraitPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fa3b8"/><stop offset="1" stop-color="#3d4a5c"/></linearGradient></defs>
    <rect width="800" height="1000" fill="url(#g)"/>
    <ellipse cx="400" cy="420" rx="170" ry="220" fill="#e0b08f"/>
    <rect x="210" y="650" width="380" height="350" rx="120" fill="#2b3544"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Stripe's test cards as the local Stripe stand-in honours them. */
export const CARDS = { visa: "4242 4242 4242 4242", declined: "4000 0000 0000 0002" } as const;

/**
 * On /pricing, chooses `plan` and pays on the local Stripe's hosted Checkout page with `card`. Resolves on
 * Stripe's page when the card is refused (its alert is visible), or back on /dashboard once the
 * subscription shows as active.
 */
export async function payOnCheckoutPage(page: Page, { plan = "Monthly", card = CARDS.visa }: { plan?: string; card?: string } = {}) {
  await page.goto("/pricing");
  await page.getByRole("button", { name: `Subscribe: ${plan}` }).click();
  await expect(page.getByRole("heading", { name: /^Subscribe to / })).toBeVisible();
  await page.getByLabel("Card number").fill(card);
  await page.getByRole("button", { name: "Pay" }).click();
  if (card === CARDS.declined) {
    await expect(page.getByRole("alert")).toContainText("declined");
    return;
  }
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Subscription Activated", { exact: true })).toBeVisible();
}

/** Subscribes the signed-in user in `page` to the monthly plan with the 4242 card, as a customer would. */
export const subscribeMonthly = (page: Page) => payOnCheckoutPage(page, { plan: "Monthly", card: CARDS.visa });

/** Generates one headshot through the UI and waits for the result step. */
export async function generateOne(page: Page) {
  await page.getByRole("radio", { name: /^Woman/ }).click();
  await page.getByRole("radio", { name: "LinkedIn", exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await portraitPng() });
  await page.getByRole("button", { name: "Generate Headshot" }).click();
  await expect(page.getByRole("button", { name: "Generate Another Headshot" })).toBeVisible({ timeout: 30_000 });
}

/**
 * axe-core on the page, as every spec runs it (decision 430): in the page itself (`setLegacyMode`: same-origin frames
 * still checked; the pages have none from elsewhere) rather than by gathering each frame's partial results in a new
 * blank tab, and only the violations given in full (`resultTypes`: passes and the rest keep one node each, which no
 * spec reads). The same rules run on the same nodes; a call costs less than half as much.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });

/** axe-core's serious and critical findings on the current page, as "rule: target" lines. */
export async function seriousA11yProblems(page: Page): Promise<string[]> {
  const { violations } = await axe(page).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

/** playwright.config.ts starts the app with this operator address. */
export const OPERATOR = "operator@headshot.local";

/**
 * Signs the operator up and verifies the address, unless an earlier test already did (then the sign-in
 * works: asking to sign up again could meet the suite's per-address sign-up limit instead of a 409).
 */
export async function ensureOperator(request: APIRequestContext) {
  const signin = await request.post("/api/auth/signin", { data: { email: OPERATOR, password: PASSWORD }, headers: visitorHeaders() });
  if (signin.status() === 200) return;
  const res = await request.post("/api/auth/signup", { data: { email: OPERATOR, password: PASSWORD, acceptTerms: true } });
  if (res.status() === 201) {
    // Operator rights need credentials set after the address is proved (decision 085): the verification link
    // leads to choosing the password again, which the reset API does here.
    const verified = await request.get(await mailLink(request, OPERATOR, "/api/auth/verify"), { maxRedirects: 0 });
    expect(verified.status()).toBe(302);
    const choose = new URL(verified.headers().location!, "http://app.local");
    expect(choose.pathname).toBe("/auth/reset");
    const reset = await request.post("/api/auth/reset-password", { data: { token: choose.searchParams.get("token"), password: PASSWORD } });
    expect(reset.status()).toBe(200);
  } else {
    expect(res.status()).toBe(409);
  }
}

/** Opens one of /admin's tabs. */
export async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

/**
 * The toast on screen that says `text`: an item of the Notifications region. (Radix also announces each
 * toast in a visually hidden status element, 1 px in size, which tells nothing about where the toast is.)
 */
export const toastSaying = (page: Page, text: string) =>
  page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: text });

/**
 * What is wider than the screen on the current page (issue 50: longer words at 360 px): the page itself when it
 * scrolls sideways, and every visible control — button, link styled as one, tab, label — whose words stick out of
 * its own box (clipped or spilling over) or out of the screen. Empty when all of it fits. As "what: where" lines.
 */
export async function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40)}"`;
    const problems: string[] = [];
    if (root.scrollWidth > width) {
      problems.push(`the page is ${root.scrollWidth} px wide on a ${width} px screen`);
      // the innermost elements reaching past the screen's right edge: the ones to fix
      const past = [...document.body.querySelectorAll("*")].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > width + 1 && el.checkVisibility();
      });
      for (const el of past.filter((el) => !past.some((other) => other !== el && el.contains(other))).slice(0, 8))
        problems.push(`past the edge (right at ${Math.round(el.getBoundingClientRect().right)} px): ${name(el)}`);
    }
    const controls = document.querySelectorAll(
      'button, [role="button"], [role="tab"], a[class*="inline-flex"], label, input[type="submit"]',
    );
    for (const el of controls) {
      if (!(el instanceof HTMLElement) || !el.checkVisibility() || el.closest("[aria-hidden=true]")) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        problems.push(`words wider than the control (${el.scrollWidth} > ${el.clientWidth} px): ${name(el)}`);
      else if (r.left < -1 || r.right > width + 1)
        problems.push(`off the screen (${Math.round(r.left)}–${Math.round(r.right)} px): ${name(el)}`);
    }
    return problems;
  });
}
