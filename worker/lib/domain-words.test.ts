/**
 * domain's sentences in the reader's language (issue 50, decision 367): the worker sends domain's English and words
 * it for the reader when it answers — refusals in the error handler, a failed headshot's stored reason when read.
 */
import { describe, expect, it } from "vitest";
import { MESSAGES, MINIMUM_AGE } from "../../domain/limits";
import { IDENTITY_MESSAGES, REFINE_MESSAGES } from "../../domain/refine";
import { TEAM_MESSAGES } from "../../domain/teams";
import { CAPTURE_MESSAGES } from "../../domain/team-capture";
import { CUSTOM_WEBP_FORMATS, PRINT_FORMATS, customSizeProblem } from "../../domain/downloads";

import { locales } from "../../copy";
import { api, client, createTestUser, errorBody, uniqueEmail } from "../test/helpers";
import { uniqueIp } from "../test/auth";
import { domainText, isDomainText } from "./domain-words";

const signupWithoutTerms = (headers: Record<string, string>) =>
  api("/api/auth/signup", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp(), ...headers },
    body: JSON.stringify({ email: uniqueEmail(), password: "correct horse battery" }),
  });

describe("domain's sentences in the reader's language", () => {
  const texts = [...Object.values(MESSAGES), ...Object.values(REFINE_MESSAGES)].filter(isDomainText);

  it("knows every sentence of MESSAGES the worker sends and every one of REFINE_MESSAGES", () => {
    expect(Object.values(REFINE_MESSAGES).every(isDomainText)).toBe(true);
    // passwordsMismatch is the web app's own (two password fields); heicInThisBrowser is said by the browser
    expect(Object.values(MESSAGES).filter((t) => !isDomainText(t))).toEqual([MESSAGES.passwordsMismatch, MESSAGES.heicInThisBrowser]);
  });

  it("keeps English as domain writes it and gives every other language its own words, domain's numbers in them", () => {
    for (const text of texts) {
      expect(domainText(text, "en")).toBe(text);
      for (const locale of locales.filter((l) => l !== "en")) {
        const worded = domainText(text, locale);
        expect(worded, `${text} in ${locale}`).not.toBe(text);
        expect(worded).not.toMatch(/errors_|undefined|\{[a-zA-Z]+\}/);
        for (const n of text.match(/\d+/g) ?? []) expect(worded, `${text} in ${locale}`).toContain(n);
      }
    }
    expect(domainText("A route's own words.", "de")).toBe("A route's own words.");
  });

  it("knows the team, capture-link, identity and download sentences too (issue 50), a link's domains kept as they are", () => {
    const more = [
      ...Object.values(TEAM_MESSAGES),
      ...(Object.values(CAPTURE_MESSAGES).filter((t) => typeof t === "string") as string[]),
      ...Object.values(IDENTITY_MESSAGES),
      customSizeProblem(0, 0)!,
      customSizeProblem(4096, 4096)!,
      PRINT_FORMATS,
      CUSTOM_WEBP_FORMATS,
    ];
    for (const text of more) {
      expect(isDomainText(text), text).toBe(true);
      expect(domainText(text, "en")).toBe(text);
      for (const locale of locales.filter((l) => l !== "en")) {
        const worded = domainText(text, locale);
        expect(worded, `${text} in ${locale}`).not.toBe(text);
        expect(worded).not.toMatch(/errors_|generator_|undefined|\{[a-zA-Z]+\}/);
      }
    }
    expect(domainText(TEAM_MESSAGES.notInTeam, "de")).toBe("Sie sind in keinem Team.");
    expect(domainText(IDENTITY_MESSAGES.age, "it")).toMatch(/^Non possiamo cambiare la tua età\./);
    expect(domainText(CAPTURE_MESSAGES.wrongDomain(["acme.com", "acme.de"]), "fr")).toBe(
      "Ce lien est réservé aux adresses en @acme.com, @acme.de. Connectez-vous avec votre adresse professionnelle pour rejoindre l'équipe.",
    );
    expect(domainText(`settings.width: ${customSizeProblem(4096, 4096)!}`, "de")).toMatch(/^settings\.width: .*4\.194\.304/);
  });

  it("a team refusal to a German request is German, its code unchanged (issue 50)", async () => {
    const u = await createTestUser();
    const res = await client.team.status.$get({}, { headers: { ...u.auth, "Accept-Language": "de-DE,de;q=0.9" } });
    expect(res.status).toBe(404);
    expect(await errorBody(res)).toMatchObject({ code: "not_in_team", message: "Sie sind in keinem Team." });
    const english = await client.team.status.$get({}, { headers: u.auth });
    expect(await errorBody(english)).toMatchObject({ code: "not_in_team", message: TEAM_MESSAGES.notInTeam });
  });

  it("a refusal speaks the request's language: cookie, else Accept-Language, else English", async () => {
    const german = await errorBody(await signupWithoutTerms({ "Accept-Language": "de-DE,de;q=0.9,en;q=0.5" }));
    expect(german.message).toBe(
      `acceptTerms: Bitte bestätigen Sie, dass Sie mindestens ${MINIMUM_AGE} Jahre alt sind, und akzeptieren Sie die Nutzungsbedingungen.`,
    );
    const french = await errorBody(await signupWithoutTerms({ "Accept-Language": "de", Cookie: "locale=fr" }));
    expect(french.message).toBe(`acceptTerms: ${domainText(MESSAGES.termsRequired, "fr")}`);
    const english = await errorBody(await signupWithoutTerms({ "Accept-Language": "ja" }));
    expect(english.message).toBe(`acceptTerms: ${MESSAGES.termsRequired}`);
  });

  it("a signed-in person's refusal speaks their account's language when the browser sent no choice", async () => {
    const { auth } = await createTestUser();
    const patch = await api("/api/account/profile", {
      method: "PATCH",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ locale: "it" }),
    });
    expect(patch.status).toBe(200);
    const refine = (headers: Record<string, string>) =>
      api(`/api/headshots/${crypto.randomUUID()}/refine`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ instruction: "x".repeat(1000) }),
      });
    const italian = await refine({ "Accept-Language": "en" });
    expect(italian.status).toBe(400);
    expect((await errorBody(italian)).message).toBe(`instruction: ${domainText(REFINE_MESSAGES.tooLong, "it")}`);
    // the browser's own choice (the cookie) wins over the account's setting
    expect((await errorBody(await refine({ Cookie: "locale=es" }))).message).toBe(
      `instruction: ${domainText(REFINE_MESSAGES.tooLong, "es")}`,
    );
  });
});
