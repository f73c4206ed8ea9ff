/**
 * The routes' own refusals in the reader's language (issue 50, decisions 395 and 400): the same code in every
 * language, the words from the catalogue; the page's language (the web app's X-Locale) before the cookie, the
 * account's setting and the browser's.
 */
import { describe, expect, it } from "vitest";
import { m, type Locale } from "../copy";
import { FAIR_USE } from "../domain/plans";
import { api, client, createTestUser, errorBody } from "./test/helpers";
import { signUp, uniqueIp } from "./test/auth";
import { fairUseRefusal } from "./credits/fair-use";
import { teamWithSeats } from "./test/teams";
import { CAPTURE_MAX_JOINS } from "../domain/team-capture";

const German = { "Accept-Language": "de-DE,de;q=0.9" };
const said = (message: (inputs: never, options: { locale: Locale }) => string, locale: Locale) => message({} as never, { locale });

describe("auth's refusals", () => {
  it("a wrong password: German to a German browser, French to a French page, the code unchanged", async () => {
    const { email } = await signUp();
    const signin = (headers: Record<string, string>) =>
      client.auth.signin.$post(
        { json: { email, password: "not the password" } },
        { headers: { "CF-Connecting-IP": uniqueIp(), ...headers } },
      );
    const de = await errorBody(await signin(German));
    expect(de).toMatchObject({ code: "wrong_credentials", message: "E-Mail-Adresse oder Passwort ist falsch." });
    const fr = await errorBody(await signin({ ...German, "X-Locale": "fr" }));
    expect(fr).toMatchObject({ code: "wrong_credentials", message: said(m.errors_invalid_credentials, "fr") });
    expect((await errorBody(await signin({}))).message).toBe("Invalid email or password.");
  });

  it("an address already taken", async () => {
    const { email } = await signUp();
    const res = await client.auth.signup.$post(
      { json: { email, password: "another good password", acceptTerms: true } },
      { headers: { "CF-Connecting-IP": uniqueIp(), "X-Locale": "de" } },
    );
    expect(res.status).toBe(409);
    expect(await errorBody(res)).toMatchObject({ code: "email_taken", message: said(m.errors_email_taken_sign_in, "de") });
  });
});

describe("the account's refusals", () => {
  it("deleting without the password: in the account's language, or in the page's when it names one", async () => {
    // signed up from an Italian browser: the account's language is Italian
    const { accessToken } = await signUp({ headers: { "Accept-Language": "it" } });
    const del = (headers: Record<string, string>) =>
      client.account.delete.$post(
        { json: {} },
        { headers: { Authorization: `Bearer ${accessToken}`, "CF-Connecting-IP": uniqueIp(), ...headers } },
      );
    const it_ = await del({ "Accept-Language": "en" });
    expect(it_.status).toBe(403);
    expect(await errorBody(it_)).toMatchObject({ code: "password_required", message: said(m.errors_password_to_delete_account, "it") });
    expect(await errorBody(await del({ "X-Locale": "de" }))).toMatchObject({
      code: "password_required",
      message: "Bitte geben Sie Ihr Passwort ein, um Ihr Konto zu löschen.",
    });
  });

  it("an account made on a French page speaks French, whatever the browser's languages", async () => {
    const { accessToken } = await signUp({ headers: { "X-Locale": "fr", "Accept-Language": "de" } });
    const res = await client.account.delete.$post(
      { json: {} },
      { headers: { Authorization: `Bearer ${accessToken}`, "CF-Connecting-IP": uniqueIp() } },
    );
    expect(await errorBody(res)).toMatchObject({ code: "password_required", message: said(m.errors_password_to_delete_account, "fr") });
  });

  it("changing the address before proving it, in French", async () => {
    const { accessToken, email, password } = await signUp();
    const res = await client.account.email.$post(
      { json: { newEmail: email, password } },
      { headers: { Authorization: `Bearer ${accessToken}`, "CF-Connecting-IP": uniqueIp(), "X-Locale": "fr" } },
    );
    expect(res.status).toBe(403); // not verified yet: that comes first
    expect(await errorBody(res)).toMatchObject({ code: "forbidden", message: said(m.errors_verify_before_email_change, "fr") });
  });
});

describe("the ratings' refusals", () => {
  it("publishing without a comment, and an unknown headshot", async () => {
    const u = await createTestUser();
    const id = crypto.randomUUID();
    const put = (json: { stars: number; publishConsent?: boolean }, headers: Record<string, string>) =>
      client.headshots[":id"].rating.$put(
        { param: { id }, json: { comment: null, firstName: null, role: null, ...json } },
        { headers: { ...u.auth, ...headers } },
      );
    const noComment = await put({ stars: 5, publishConsent: true }, { "X-Locale": "fr" });
    expect(noComment.status).toBe(400);
    expect(await errorBody(noComment)).toMatchObject({
      code: "invalid_input",
      message: "comment: écrivez un commentaire à publier, ou laissez la publication décochée",
    });
    const unknown = await put({ stars: 5 }, German);
    expect(unknown.status).toBe(404);
    expect(await errorBody(unknown)).toMatchObject({ code: "headshot_not_found", message: "Porträt nicht gefunden." });
    expect(await errorBody(await put({ stars: 5 }, {}))).toMatchObject({ code: "headshot_not_found", message: "Headshot not found." });
  });
});

describe("the headshots' and shoots' refusals", () => {
  it("an unknown headshot or shoot, in German and French", async () => {
    const u = await createTestUser();
    const id = crypto.randomUUID();
    const gone = await client.headshots[":id"].$delete({ param: { id } }, { headers: { ...u.auth, ...German } });
    expect(gone.status).toBe(404);
    expect(await errorBody(gone)).toMatchObject({ code: "headshot_not_found", message: said(m.errors_headshot_not_found, "de") });
    const shoot = await client.shoots[":id"].$get({ param: { id } }, { headers: { ...u.auth, "X-Locale": "fr" } });
    expect(await errorBody(shoot)).toMatchObject({ code: "shoot_not_found", message: "Séance introuvable." });
  });

  it("the fair-use refusal says the allowance and the wait in the reader's words, English as before", () => {
    const one = fairUseRefusal("monthly", 0, 1);
    expect(one.message).toMatch(
      /^You've used your fair-use allowance for now \(up to \d+ pictures at once, then \d+ a (day|week)\)\. Your next picture is possible in about \d+ (minute|hour|day)s?\.$/,
    );
    const de = one.words!("de");
    expect(de).toMatch(
      /^Sie haben Ihr Fair-Use-Kontingent vorerst aufgebraucht \(bis zu \d+ Bilder auf einmal, danach \d+ pro (Tag|Woche)\)\. Ihr nächstes Bild ist in etwa \d+ (Minute|Stunde|Tag)/,
    );
    const full = FAIR_USE.monthly.atOnce;
    expect(fairUseRefusal("monthly", 0, full + 1).words!("fr")).toContain(`ou au maximum ${full} d'un coup`);
    expect(fairUseRefusal("monthly", 1, 2).message).toMatch(
      /^That's 2 pictures, .* has room for 1 just now\. Choose up to 1 now, or all 2 in about /,
    );
    expect(fairUseRefusal("monthly", 1, 2).words!("it")).toMatch(/^Sono 2 immagini, .* oppure tutte e 2 tra circa \d+ /);
  });
});

describe("a form's messages (decision 440)", () => {
  const captureLink = (auth: Record<string, string>, body: object, headers: Record<string, string>) =>
    api("/api/team/capture-links", {
      method: "POST",
      headers: { ...auth, ...headers, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it("a capture link's domains: the value the owner typed kept inside the reader's words, the field and code unchanged", async () => {
    const { owner } = await teamWithSeats(3);
    const freeMail = await captureLink(owner.auth, { domains: ["acme.com", "GMAIL.com"], maxJoins: 3 }, { "X-Locale": "de" });
    expect(freeMail.status).toBe(400);
    expect(await errorBody(freeMail)).toMatchObject({
      code: "invalid_input",
      field: "domains",
      message:
        "domains: gmail.com ist ein kostenloser E-Mail-Dienst: Dort kann jeder eine Adresse haben. Verwenden Sie die Domain Ihres Unternehmens.",
    });
    const notADomain = await captureLink(owner.auth, { domains: ["acme.com/x"], maxJoins: 3 }, { "X-Locale": "fr" });
    expect(await errorBody(notADomain)).toMatchObject({
      code: "invalid_input",
      field: "domains",
      message: "domains: « acme.com/x » n'est pas un nom de domaine comme acme.com.",
    });
    // English as it was, word for word
    expect((await errorBody(await captureLink(owner.auth, { domains: ["acme.com/x"], maxJoins: 3 }, {}))).message).toBe(
      'domains: "acme.com/x" is not a domain name like acme.com.',
    );
    // the web app's form has no upper bound on the number of people: its refusal is worded too
    const tooMany = await captureLink(owner.auth, { domains: ["acme.com"], maxJoins: CAPTURE_MAX_JOINS + 1 }, { "X-Locale": "it" });
    expect(await errorBody(tooMany)).toMatchObject({
      code: "invalid_input",
      field: "maxJoins",
      message: `maxJoins: deve essere al massimo ${CAPTURE_MAX_JOINS}`,
    });
  });

  it("a team without a name, a plan not chosen and an address zod refuses, each in the page's language", async () => {
    const u = await createTestUser();
    const noName = await api("/api/team", {
      method: "POST",
      headers: { ...u.auth, "Content-Type": "application/json", "X-Locale": "es" },
      body: JSON.stringify({ name: "   " }),
    });
    expect(noName.status).toBe(400);
    expect(await errorBody(noName)).toMatchObject({ code: "invalid_input", field: "name", message: "name: Ponle un nombre al equipo." });
    const noPlan = await client.stripe["create-checkout-session"].$post({ json: { priceId: " " } }, { headers: { ...u.auth, ...German } });
    expect(await errorBody(noPlan)).toMatchObject({
      code: "invalid_input",
      field: "priceId",
      message: "priceId: Bitte wählen Sie einen Tarif.",
    });
    // "a@b" passes the browser's own check of an email field, not the worker's
    const reset = await client.auth["forgot-password"].$post(
      { json: { email: "a@b" } },
      { headers: { "CF-Connecting-IP": uniqueIp(), "X-Locale": "fr" } },
    );
    expect(await errorBody(reset)).toMatchObject({
      code: "invalid_input",
      field: "email",
      message: "email: Veuillez saisir une adresse e-mail valide.",
    });
  });
});

describe("the unknown route", () => {
  it("names the method and the path in the reader's language", async () => {
    const res = await api("/api/no-such-route", { headers: { "X-Locale": "de" } });
    expect(res.status).toBe(404);
    expect(await errorBody(res)).toMatchObject({ code: "not_found", message: "Keine API-Route für GET /api/no-such-route" });
    expect((await errorBody(await api("/api/no-such-route"))).message).toBe("No API route for GET /api/no-such-route");
  });
});
