import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { errorHandler } from "../app";
import type { AppEnv } from "../env";
import { devRoutes } from "../dev/routes";
import { getConfig, ConfigError } from "../config";
import { api, client, env, uniqueEmail } from "../test/helpers";
import { DevMailbox, ResendMailer, createMailer, extractLinks } from "./mailer";
import {
  type MailMoney,
  cancellationEmail,
  duplicateSubscriptionEmail,
  emailChangeEmail,
  emailChangedNotice,
  passwordChangedNotice,
  passwordResetEmail,
  paymentReceiptEmail,
  priceChangeEmail,
  priceChangeWithdrawnEmail,
  refundReceiptEmail,
  shootReadyEmail,
  teamInvitationEmail,
  teamPhotoReminderEmail,
  verificationEmail,
} from "./templates";
import type { MailMessage } from "./mailer";
import { locales, type Locale } from "../../copy";
import { FREE_GENERATIONS, VERIFICATION_TTL_HOURS } from "../../domain/limits";

describe("the dev mailbox", () => {
  it("keeps messages per address and lists them newest first with their links", async () => {
    const to = uniqueEmail("mail");
    const box = new DevMailbox(env.IMAGES);
    await box.send({ to, locale: "en", subject: "first", text: "see https://a.test/x?y=1 and https://b.test/." });
    await new Promise((r) => setTimeout(r, 5));
    await box.send({ to, locale: "de", subject: "second", text: "no links" });
    await box.send({ to: uniqueEmail("other"), locale: "en", subject: "not yours", text: "" });
    const res = await client.dev.mailbox.$get({ query: { to: to.toUpperCase() } });
    expect(res.status).toBe(200);
    const { messages } = await res.json();
    expect(messages.map((m) => m.subject)).toEqual(["second", "first"]);
    expect(messages[1]).toMatchObject({ to, locale: "en", links: ["https://a.test/x?y=1", "https://b.test/"] });
    expect(messages[0]!.locale).toBe("de"); // the language it was written in (issue 50)
    expect(Date.parse(messages[0]!.sentAt)).toBeGreaterThanOrEqual(Date.parse(messages[1]!.sentAt));
  });

  it("answers 400 without a valid address", async () => {
    expect((await api("/api/dev/mailbox")).status).toBe(400); // raw: the contract requires the address
    expect((await client.dev.mailbox.$get({ query: { to: "nope" } })).status).toBe(400);
  });

  it("answers 404 unless the environment is development or test", async () => {
    const app = (environment: "production" | "development") =>
      new Hono<AppEnv>()
        .use(async (c, next) => {
          c.set("config", { ...getConfig(env), ENVIRONMENT: environment });
          await next();
        })
        .route("/api/dev", devRoutes)
        .onError(errorHandler);
    const to = encodeURIComponent(uniqueEmail());
    const prod = await app("production").request(`/api/dev/mailbox?to=${to}`, {}, env);
    expect(prod.status).toBe(404);
    expect((await app("development").request(`/api/dev/mailbox?to=${to}`, {}, env)).status).toBe(200);
  });
});

describe("the production mailer", () => {
  it("posts the message to the email API with the key", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ id: "msg_1" }), { status: 200 });
    }) as unknown as typeof fetch;
    await new ResendMailer("re_key", "Studio <hi@studio.test>", fake).send(
      verificationEmail("a@b.test", "https://app.test/v?token=t", "en"),
    );
    expect(calls[0]!.url).toBe("https://api.resend.com/emails");
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer re_key");
    const body = JSON.parse(calls[0]!.init.body as string);
    expect(body).toMatchObject({ from: "Studio <hi@studio.test>", to: ["a@b.test"], subject: "Verify your email for Headshot Studio" });
    expect(body.text).toContain("https://app.test/v?token=t");
  });

  it("throws when the API refuses, and needs a key to exist", async () => {
    const fake = (async () => new Response("nope", { status: 422 })) as unknown as typeof fetch;
    await expect(new ResendMailer("k", "f", fake).send({ to: "a@b.test", locale: "en", subject: "s", text: "t" })).rejects.toThrow(/422/);
    expect(() => createMailer({ MAIL_PROVIDER: "resend", MAIL_API_KEY: undefined, MAIL_FROM: "x" }, env)).toThrow(ConfigError);
    expect(createMailer({ MAIL_PROVIDER: "dev", MAIL_API_KEY: undefined, MAIL_FROM: "x" }, env)).toBeInstanceOf(DevMailbox);
  });

  it("extractLinks finds each URL once, without trailing punctuation", () => {
    expect(extractLinks("a https://x.test/a, b (https://y.test/b) https://x.test/a")).toEqual(["https://x.test/a", "https://y.test/b"]);
  });
});

describe("the emails name the app's own labels (issue 46)", () => {
  it("the refund receipt and the price notice point to Manage Billing on the Account page, not a 'Manage Account' the app lacks", () => {
    const refund = refundReceiptEmail(
      "a@example.test",
      { amount: { cents: 999, currency: "eur" }, date: new Date("2026-12-05T00:00:00Z") },
      "en",
    );
    const notice = priceChangeEmail(
      "a@example.test",
      {
        plan: "monthly",
        oldAmount: { cents: 999, currency: "eur" },
        newAmount: { cents: 1199, currency: "eur" },
        effectiveDate: new Date("2027-01-05T00:00:00Z"),
        switchDate: new Date("2027-01-05T00:00:00Z"),
        accountUrl: "https://app.test/account",
      },
      "en",
    );
    for (const mail of [refund, notice]) {
      expect(mail.text).toContain("Account › Manage Billing");
      expect(mail.text + mail.html).not.toContain("Manage Account");
    }
  });
});

describe("every email is written in a language (issue 50)", () => {
  it("carries the locale it was asked for, in the message and as the HTML's lang", () => {
    const link = "https://app.test/v?token=t";
    for (const mail of [
      verificationEmail("a@b.test", link, "de"),
      refundReceiptEmail("a@b.test", { amount: { cents: 999, currency: "eur" }, date: new Date("2026-12-05T00:00:00Z") }, "it"),
    ]) {
      expect(mail.html).toMatch(new RegExp(`^<div lang="${mail.locale}">`));
    }
    expect(verificationEmail("a@b.test", link, "fr").locale).toBe("fr");
  });
});

describe("every email's words come from the catalogue, in the recipient's language (issue 50)", () => {
  const link = "https://app.test/v?token=t";
  /** Every template a person receives (the operator's stay English), with values that reach every sentence. */
  const templates: Record<string, (locale: Locale) => MailMessage> = {
    verification: (l) => verificationEmail("a@b.test", link, l),
    passwordReset: (l) => passwordResetEmail("a@b.test", link, l),
    emailChange: (l) => emailChangeEmail("a@b.test", link, l),
    emailChanged: (l) => emailChangedNotice("a@b.test", "new@b.test", l),
    passwordChanged: (l) => passwordChangedNotice("a@b.test", ["x@b.test", "y@b.test"], l),
    paymentReceiptPlan: (l) =>
      paymentReceiptEmail("a@b.test", { amount: { cents: 2999, currency: "eur" }, plan: "monthly", date: DAY, invoiceUrl: link }, l),
    paymentReceipt: (l) =>
      paymentReceiptEmail("a@b.test", { amount: { cents: 2999, currency: "eur" }, plan: null, date: DAY, invoiceUrl: null }, l),
    refundReceipt: (l) => refundReceiptEmail("a@b.test", { amount: { cents: 2999, currency: "eur" }, date: DAY }, l),
    priceWithdrawn: (l) =>
      priceChangeWithdrawnEmail("a@b.test", { plan: "weekly", amount: { cents: 999, currency: "eur" }, effectiveDate: DAY }, l),
    duplicate: (l) => duplicateSubscriptionEmail("a@b.test", { plan: "monthly", amount: { cents: 2999, currency: "eur" } }, l),
    cancellation: (l) => cancellationEmail("a@b.test", { plan: "monthly", endDate: DAY, url: "https://app.test/account" }, l),
    cancellationTeam: (l) =>
      cancellationEmail("a@b.test", { plan: "team", endDate: DAY, url: "https://app.test/team", team: { name: "Acme" } }, l),
    priceChange: (l) => priceChangeEmail("a@b.test", priceChange(null), l),
    priceChangeTeam: (l) => priceChangeEmail("a@b.test", priceChange({ count: 3, newTotal: { cents: 3597, currency: "eur" } }), l),
    priceChangeOneSeat: (l) => priceChangeEmail("a@b.test", priceChange({ count: 1, newTotal: { cents: 1199, currency: "eur" } }), l),
    shootAll: (l) => shootReadyEmail("a@b.test", link, { ready: 4, total: 4 }, l),
    shootSome: (l) => shootReadyEmail("a@b.test", link, { ready: 3, total: 4 }, l),
    teamInvitation: (l) => teamInvitationEmail("a@b.test", { teamName: "Acme", link }, l),
    teamReminder: (l) => teamPhotoReminderEmail("a@b.test", { teamName: "Acme", link }, l),
  };
  const DAY = new Date("2026-12-05T00:00:00Z");
  const priceChange = (seats: { count: number; newTotal: MailMoney } | null) => ({
    plan: seats ? ("team" as const) : ("monthly" as const),
    oldAmount: { cents: 999, currency: "eur" },
    newAmount: { cents: 1199, currency: "eur" },
    effectiveDate: new Date("2027-01-05T00:00:00Z"),
    switchDate: new Date("2027-01-07T00:00:00Z"),
    accountUrl: "https://app.test/account",
    seats,
  });

  it("a German verification email is German, subject and body, and holds the link", () => {
    const mail = verificationEmail("a@b.test", link, "de");
    expect(mail.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse für Headshot Studio");
    expect(mail.text).toContain("Willkommen bei Headshot Studio!");
    expect(mail.text).toContain(`dann erhalten Sie ${FREE_GENERATIONS} kostenlose Porträt-Generierungen:`);
    expect(mail.text).toContain(`läuft in ${VERIFICATION_TTL_HOURS} Stunden ab`);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`<a href="${link}">E-Mail-Adresse bestätigen</a>`);
    expect(mail.html).toMatch(/^<div lang="de">/);
    expect(mail.text + mail.html).not.toMatch(/Welcome|Please confirm|expires/);
  });

  it("English stays as it was written", () => {
    const mail = verificationEmail("a@b.test", link, "en");
    expect(mail.subject).toBe("Verify your email for Headshot Studio");
    expect(mail.text).toBe(
      [
        "Welcome to Headshot Studio!",
        `Please confirm your email address to receive your ${FREE_GENERATIONS} free headshot generations:`,
        link,
        `This link works once and expires in ${VERIFICATION_TTL_HOURS} hours. If you did not create an account, you can ignore this email.`,
      ].join("\n\n"),
    );
    expect(templates.refundReceipt!("en").subject).toBe("Your Headshot Studio refund: €29.99");
    expect(templates.shootSome!("en").text).toContain("3 of your 4 headshots are ready; 1 could not be made");
  });

  it("every template renders in every language without a raw key, and each language's own words", () => {
    for (const [name, make] of Object.entries(templates)) {
      const english = make("en");
      for (const locale of locales) {
        const mail = make(locale);
        const all = [mail.subject, mail.text, mail.html ?? ""].join("\n");
        expect(all, `${name} in ${locale}`).not.toMatch(/emails_[a-z_]+|undefined|\{[a-zA-Z]+\}|\[object/);
        expect(mail.locale).toBe(locale);
        expect(mail.html, `${name} in ${locale}`).toMatch(new RegExp(`^<div lang="${locale}">`));
        // the text's paragraphs are the HTML's, link for label
        expect(mail.text.split("\n\n").length, `${name} in ${locale}`).toBe((mail.html ?? "").split("<p>").length - 1);
        if (locale !== "en") {
          expect(mail.subject === english.subject && name !== "teamReminder", `${name}'s subject in ${locale}`).toBe(false);
          expect(mail.text, `${name}'s text in ${locale}`).not.toBe(english.text);
        }
      }
    }
  });

  it("money and days are written in the email's language", () => {
    /** Intl writes a no-break space before € and between French thousands: compared as plain spaces. */
    const plain = (mail: MailMessage) => `${mail.subject}\n${mail.text}`.replace(/[\u00a0\u202f]/g, " ");
    const de = plain(templates.paymentReceiptPlan!("de"));
    expect(de).toContain("Ihre Zahlungsbestätigung von Headshot Studio: 29,99 €\n");
    expect(de).toContain("Zahlung von 29,99 € für den Tarif Monatlich am 5. Dezember 2026 erhalten");
    expect(plain(templates.paymentReceiptPlan!("en"))).toContain("payment of €29.99 for the Monthly plan on 5 December 2026.");
    expect(plain(templates.refundReceipt!("fr"))).toContain("Nous avons remboursé 29,99 € sur votre carte le 5 décembre 2026.");
    expect(plain(templates.priceChangeTeam!("it"))).toContain("3 posti, 35,97 € al mese");
    expect(plain(templates.priceChangeOneSeat!("es"))).toContain("1 puesto, 11,99 € al mes");
    expect(plain(templates.passwordChanged!("de"))).toContain("auf x@b.test und y@b.test umzustellen");
  });

  it("names plans in the email's language, from their id (issue 50)", () => {
    const plain = (mail: MailMessage) => `${mail.subject}\n${mail.text}`.replace(/[\u00a0\u202f]/g, " ");
    expect(plain(templates.priceChange!("de"))).toContain("Der Preis Ihres Tarifs Monatlich ändert sich am 5. Januar 2027");
    expect(plain(templates.priceWithdrawn!("fr"))).toContain("Le changement de prix de votre formule Hebdomadaire est annulé");
    expect(plain(templates.priceWithdrawn!("fr"))).toContain("le 5 décembre 2026");
    expect(plain(templates.duplicate!("it"))).toContain("ne è partito un secondo (Mensile)");
    expect(plain(templates.paymentReceiptPlan!("es"))).toContain("por el plan Mensual el 5 de diciembre de 2026");
    for (const locale of locales) {
      for (const name of ["priceChange", "priceWithdrawn", "duplicate", "cancellation", "paymentReceiptPlan"]) {
        if (locale !== "en") expect(templates[name]!(locale).text, `${name} in ${locale}`).not.toMatch(/Monthly|Weekly|December|January/);
      }
    }
  });

  it("confirms a cancellation in the account's language, a person's and a team's (decision 342)", () => {
    const plain = (mail: MailMessage) => ({ ...mail, text: mail.text.replace(/[\u00a0\u202f]/g, " ") });
    const de = plain(templates.cancellation!("de"));
    expect(de.subject).toBe("Ihr Tarif Monatlich ist gekündigt");
    expect(de.text).toContain("Wie gewünscht ist Ihr Tarif Monatlich gekündigt: Er verlängert sich nicht");
    expect(de.text).toContain("bleiben Ihnen bis zum 5. Dezember 2026 erhalten");
    expect(de.text).toContain("(Konto › Zahlungen verwalten)");
    expect(de.html).toContain('<a href="https://app.test/account">Kontoeinstellungen öffnen</a>');
    const fr = plain(templates.cancellationTeam!("fr"));
    expect(fr.subject).toBe("La formule Team de l'équipe Acme est résiliée");
    expect(fr.text).toContain("Chaque membre de l'équipe garde sa place jusqu'au 5 décembre 2026");
    expect(fr.text).toContain("« Garder l'abonnement »");
    const en = templates.cancellation!("en");
    expect(en.subject).toBe("Your Monthly plan is canceled");
    expect(en.text).toContain("You keep its paid features until 5 December 2026, the end of the period you paid for.");
  });
});
