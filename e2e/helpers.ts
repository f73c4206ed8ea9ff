import { expect, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";

export const PASSWORD = "correct horse battery";
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;

/** The newest link in the dev mailbox for `email` that contains `pathPart`. */
export async function mailLink(request: APIRequestContext, email: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      const body = (await res.json()) as { messages: { links: string[] }[] };
      link = body.messages.flatMap((m) => m.links).find((l) => l.includes(pathPart));
      return Boolean(link);
    }, { message: `a mail to ${email} with a ${pathPart} link` })
    .toBe(true);
  return link!;
}

let accounts = 0;

/**
 * Signs up through the API and opens the verification link: a verified account with 2 free generations.
 * Each account signs up from its own address (TEST-NET-2, via CF-Connecting-IP as Cloudflare sets it), as
 * different people do: the per-address sign-up limit (10 an hour) is the worker tests' business, and the
 * suite creates more accounts than that.
 */
export async function createVerifiedAccount(request: APIRequestContext, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  accounts += 1;
  const res = await request.post("/api/auth/signup", {
    data: { email, password: PASSWORD, acceptTerms: true },
    headers: { "CF-Connecting-IP": `198.51.100.${accounts % 250}` },
  });
  expect(res.status()).toBe(201);
  const link = await mailLink(request, email, "/api/auth/verify");
  const verified = await request.get(link, { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  return email;
}

/** Signs in through the UI and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
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
