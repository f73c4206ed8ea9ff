/**
 * Issue 50's journey, in German on a desktop and in French on a phone (360 px): one journey, its words per language.
 * A browser in the language (Accept-Language and navigator.languages, no cookie) lands on the language's home page,
 * signs up, verifies from the email, generates, pays in Checkout and gets a receipt — each step in its language.
 *
 * Asserted: the first-visit redirect to /de/ or /fr/, the language's words on the landing, sign-up, the wizard,
 * /pricing and after payment, <html lang> on every page of ours, the verification mail and the receipt written for
 * the locale with its subjects (the dev mailbox records the language), Stripe Checkout opened with the locale (the
 * stand-in's page names it), axe with lang set, and — on the phone — no horizontal overflow on any screen visited.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  CARDS,
  PASSWORD,
  asNewVisitor,
  createVerifiedAccount,
  mailLink,
  overflowProblems,
  portraitPng,
  seriousA11yProblems,
  uniqueEmail,
  visitorHeaders,
} from "./helpers";

/** The dev mailbox's messages to `email`, newest first, with the language each was written in. */
async function mails(request: APIRequestContext, email: string) {
  const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: { subject: string; locale?: string; links: string[] }[] }).messages;
}

/** The words a visitor in each language reads on the way, as a native speaker wrote them in the catalogue. */
const JOURNEYS = [
  {
    locale: "de",
    browser: "de-DE",
    viewport: { width: 1280, height: 900 },
    heroCta: "Kostenloses Porträt erstellen",
    signUpTab: "Registrieren",
    signUpForm: "Registrieren",
    email: "E-Mail",
    password: "Passwort",
    confirm: "Passwort bestätigen",
    terms: /Ich bestätige, dass ich mindestens 13 Jahre alt bin/,
    create: "Konto erstellen",
    verifySubject: "Bestätigen Sie Ihre E-Mail-Adresse für Headshot Studio",
    woman: /^Frau/,
    generate: "Porträt erstellen",
    another: "Weiteres Porträt erstellen",
    subscribeMonthly: "Abonnieren: Monatlich",
    activated: "Abonnement aktiviert",
    receiptSubject: /^Ihre Zahlungsbestätigung von Headshot Studio: /,
  },
  {
    locale: "fr",
    browser: "fr-FR",
    viewport: { width: 360, height: 780 },
    heroCta: "Créer un portrait gratuit",
    signUpTab: "S'inscrire",
    signUpForm: "Inscription",
    email: "E-mail",
    password: "Mot de passe",
    confirm: "Confirmer le mot de passe",
    terms: /Je confirme avoir 13 ans ou plus/,
    create: "Créer un compte",
    verifySubject: "Confirmez votre adresse e-mail pour Headshot Studio",
    woman: /^Femme/,
    generate: "Générer le portrait",
    another: "Générer un autre portrait",
    subscribeMonthly: "S'abonner : Mensuel",
    activated: "Abonnement activé",
    receiptSubject: /^Votre reçu Headshot Studio : /,
  },
] as const;

for (const words of JOURNEYS) {
  const { locale, viewport } = words;
  test.describe(`in ${locale} at ${viewport.width} px`, () => {
    test.use({ locale: words.browser, viewport });

    test(`a ${words.browser} browser lands on /${locale}/, signs up, verifies, generates, pays in a ${locale} Checkout and gets a ${locale} receipt`, async ({
      page,
      request,
    }) => {
      /** Every screen of the journey: in the language, and nothing wider than the screen. */
      const onScreen = async (name: string, { ours = true } = {}) => {
        if (ours) await expect(page.locator("html"), name).toHaveAttribute("lang", locale);
        expect(await overflowProblems(page), `${name} at ${viewport.width} px`).toEqual([]);
      };
      await asNewVisitor(page);
      // First visit: the browser's language and no cookie → /de/ or /fr/ (decision 340)
      await page.goto("/");
      await expect(page).toHaveURL(new RegExp(`/${locale}/$`));
      await expect(page.getByRole("main").getByRole("link", { name: words.heroCta })).toBeVisible();
      await onScreen("landing");

      // The app's pages read the browser's language before they render
      await page.goto("/auth");
      const email = uniqueEmail(`journey-${locale}`);
      await page.getByRole("tab", { name: words.signUpTab }).click();
      const form = page.getByRole("form", { name: words.signUpForm });
      await form.getByLabel(words.email).fill(email);
      await form.getByLabel(words.password, { exact: true }).fill(PASSWORD);
      await form.getByLabel(words.confirm).fill(PASSWORD);
      await form.getByLabel(words.terms).check();
      await onScreen("sign-up");
      await form.getByRole("button", { name: words.create }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // The account takes the request's language, and so does the verification mail
      const link = await mailLink(request, email, "/api/auth/verify");
      const verification = (await mails(request, email)).find((m) => m.links.includes(link));
      expect(verification?.locale).toBe(locale);
      expect(verification?.subject).toBe(words.verifySubject);
      await page.goto(link);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("radio", { name: words.woman })).toBeVisible();
      await onScreen("dashboard");
      expect(await seriousA11yProblems(page)).toEqual([]);

      // the wizard
      await page.getByRole("radio", { name: words.woman }).click();
      await page.getByRole("radio", { name: "LinkedIn", exact: true }).click();
      await page.locator('input[type="file"]').setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: await portraitPng() });
      await onScreen("photo chosen");
      await page.getByRole("button", { name: words.generate }).click();
      await expect(page.getByRole("button", { name: words.another })).toBeVisible({ timeout: 30_000 });
      await onScreen("result");

      // Checkout opens in the language (the stand-in names the session's locale), then the receipt is written in it
      await page.goto("/pricing");
      const subscribe = page.getByRole("button", { name: words.subscribeMonthly });
      await expect(subscribe).toBeVisible();
      await onScreen("pricing");
      await subscribe.click();
      await expect(page.getByRole("heading", { name: /^Subscribe to / })).toBeVisible();
      await expect(page.locator(`[data-locale="${locale}"]`)).toBeVisible();
      await onScreen("Checkout", { ours: false });
      await page.getByLabel("Card number").fill(CARDS.visa);
      await page.getByRole("button", { name: "Pay" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(words.activated, { exact: true })).toBeVisible();
      await onScreen("paid");
      await expect
        .poll(async () => (await mails(request, email)).find((m) => words.receiptSubject.test(m.subject))?.locale, {
          message: `a receipt in ${locale} to ${email}`,
        })
        .toBe(locale);
    });
  });
}

test.describe("the switcher", () => {
  test.use({ locale: "de-DE" });
  test("the switcher keeps the choice: English chosen on /de/ sticks on the next visit to /", async ({ page }) => {
    await asNewVisitor(page);
    await page.goto("/de/");
    await page.locator("button[popovertarget=language-menu]").click();
    await page.locator('#language-menu a[lang="en"]').click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.context().cookies()).find((c) => c.name === "locale")?.value).toBe("en");
    await page.goto("/");
    await expect(page).toHaveURL(/\/$/); // the cookie wins over the German browser
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await seriousA11yProblems(page)).toEqual([]);
  });
});

/**
 * axe in each language (issue 50): the public pages in their language's folder, and the app's screens with the
 * language chosen (the `locale` cookie, as the switcher writes it) — <html lang> the language's on each, and no
 * serious or critical finding.
 */
for (const locale of ["en", "de", "fr", "es", "it"] as const) {
  test(`axe in ${locale}: the public pages and the app's screens, <html lang="${locale}">, at 360 px`, async ({ page, request }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 360, height: 780 });
    const prefix = locale === "en" ? "" : `/${locale}`;
    const found: string[] = [];
    const sweep = async (name: string) => {
      await expect(page.locator("html"), name).toHaveAttribute("lang", locale);
      found.push(...(await seriousA11yProblems(page)).map((p) => `${name}: ${p}`));
    };
    for (const path of [`${prefix}/`, `${prefix}/services/actor-headshots`, `${prefix}/privacy-policy`, `${prefix}/no-such-page`]) {
      await page.goto(path);
      await sweep(path);
    }
    await page.context().addCookies([{ name: "locale", value: locale, domain: new URL(page.url()).hostname, path: "/" }]);
    await page.goto("/auth");
    await expect(page.getByRole("tab")).toHaveCount(2);
    await sweep("/auth");
    await page.getByRole("tab").nth(1).click();
    await sweep("/auth sign up");
    const email = await createVerifiedAccount(request, `axe-${locale}`);
    const signin = await page.request.post("/api/auth/signin", { data: { email, password: PASSWORD }, headers: visitorHeaders() });
    expect(signin.status()).toBe(200);
    for (const path of ["/dashboard", "/pricing", "/account"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await sweep(path);
    }
    expect(found).toEqual([]);
  });
}
