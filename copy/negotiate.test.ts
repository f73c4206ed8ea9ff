import { describe, expect, it } from "vitest";
import { chooseLocale, firstSupported, localeCookie, localeFromAcceptLanguage, localeFromCookies } from "./negotiate";

describe("localeFromAcceptLanguage", () => {
  it("takes the most preferred language we speak, by weight then order", () => {
    expect(localeFromAcceptLanguage("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("de");
    expect(localeFromAcceptLanguage("pt-BR, fr;q=0.8, de;q=0.5")).toBe("fr");
    expect(localeFromAcceptLanguage("en;q=0.5, it;q=0.9")).toBe("it");
    expect(localeFromAcceptLanguage("es-419")).toBe("es");
  });
  it("refuses q=0 and knows no language in *, an unknown tag or an absent header (a crawler: English follows)", () => {
    expect(localeFromAcceptLanguage("de;q=0, fr")).toBe("fr");
    expect(localeFromAcceptLanguage("*")).toBeNull();
    expect(localeFromAcceptLanguage("ja-JP, zh")).toBeNull();
    expect(localeFromAcceptLanguage(null)).toBeNull();
    expect(localeFromAcceptLanguage("")).toBeNull();
    expect(localeFromAcceptLanguage(";;q=x,,")).toBeNull();
  });
});

describe("the locale cookie", () => {
  it("is read from a Cookie header among others, and only when it holds one of our languages", () => {
    expect(localeFromCookies("hs_consent=granted; locale=fr; other=1")).toBe("fr");
    expect(localeFromCookies("mylocale=de")).toBeNull();
    expect(localeFromCookies("locale=xx")).toBeNull();
    expect(localeFromCookies("locale=de%3B")).toBeNull();
    expect(localeFromCookies(undefined)).toBeNull();
  });
  it("is written for a year on the whole site, SameSite=Lax", () => {
    expect(localeCookie("de")).toBe("locale=de; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(localeCookie("it", { secure: true })).toMatch(/; Secure$/);
  });
});

describe("chooseLocale", () => {
  it("takes the path, then the cookie, then the account, then the browser, then English", () => {
    expect(chooseLocale({ path: "fr", cookie: "de", account: "it", browser: "es" })).toBe("fr");
    expect(chooseLocale({ cookie: "de", account: "it", browser: "es" })).toBe("de");
    expect(chooseLocale({ account: "it", browser: "es" })).toBe("it");
    expect(chooseLocale({ browser: firstSupported(["ja", "es-MX"]) })).toBe("es");
    expect(chooseLocale({})).toBe("en");
  });
});
