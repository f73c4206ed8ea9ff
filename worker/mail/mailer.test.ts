import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { errorHandler } from "../app";
import type { AppEnv } from "../env";
import { devRoutes } from "../dev/routes";
import { getConfig, ConfigError } from "../config";
import { api, client, env, uniqueEmail } from "../test/helpers";
import { DevMailbox, ResendMailer, createMailer, extractLinks } from "./mailer";
import { priceChangeEmail, refundReceiptEmail, verificationEmail } from "./templates";

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
    const refund = refundReceiptEmail("a@example.test", { amount: "€9.99", date: "5 December 2026" }, "en");
    const notice = priceChangeEmail(
      "a@example.test",
      {
        planName: "Monthly",
        period: "month",
        oldAmount: "€9.99",
        newAmount: "€11.99",
        effectiveDate: "5 January 2027",
        switchDate: "5 January 2027",
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
      refundReceiptEmail("a@b.test", { amount: "9,99 €", date: "5. Dezember 2026" }, "it"),
    ]) {
      expect(mail.html).toMatch(new RegExp(`^<div lang="${mail.locale}">`));
    }
    expect(verificationEmail("a@b.test", link, "fr").locale).toBe("fr");
  });
});
