/** The first visit to `/` in the visitor's language (issue 50, decision 340): Accept-Language, never the IP; the cookie wins. */
import { describe, expect, it } from "vitest";
import worker from "../index";
import { env } from "../test/helpers";
import { firstVisitRedirect } from "./first-visit";

const visit = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`https://headshot.studio${path}`, { method, headers, redirect: "manual" });

describe("firstVisitRedirect", () => {
  it("sends a German browser with no cookie from / to /de/ (302, varying on Accept-Language and Cookie), keeping the query", () => {
    const res = firstVisitRedirect(visit("/?utm_source=x", { "Accept-Language": "de-DE,de;q=0.9,en;q=0.8" }))!;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/de/?utm_source=x");
    expect(res.headers.get("Vary")).toBe("Accept-Language, Cookie");
    expect(firstVisitRedirect(visit("/", { "Accept-Language": "it-IT" }, "HEAD"))!.headers.get("Location")).toBe("/it/");
  });

  it("leaves English browsers, crawlers (no Accept-Language) and languages we do not speak on /", () => {
    expect(firstVisitRedirect(visit("/", { "Accept-Language": "en-US,en;q=0.9,de;q=0.5" }))).toBeNull();
    expect(firstVisitRedirect(visit("/", { "User-Agent": "Googlebot/2.1", "CF-IPCountry": "DE" }))).toBeNull();
    expect(firstVisitRedirect(visit("/", { "Accept-Language": "ja-JP" }))).toBeNull();
  });

  it("lets the cookie win once it exists: locale=en stays on / whatever the browser says; locale=fr goes to /fr/", () => {
    expect(firstVisitRedirect(visit("/", { "Accept-Language": "de-DE", Cookie: "hs_consent=granted; locale=en" }))).toBeNull();
    expect(firstVisitRedirect(visit("/", { "Accept-Language": "de-DE", Cookie: "locale=fr" }))!.headers.get("Location")).toBe("/fr/");
    // a cookie that holds none of our languages is no choice: the browser's language decides
    expect(firstVisitRedirect(visit("/", { "Accept-Language": "es", Cookie: "locale=xx" }))!.headers.get("Location")).toBe("/es/");
  });

  it("redirects only / (every other public page is a static asset, in the language its address names) and only reads", () => {
    expect(firstVisitRedirect(visit("/services/business-headshots", { "Accept-Language": "de" }))).toBeNull();
    expect(firstVisitRedirect(visit("/de/", { "Accept-Language": "fr" }))).toBeNull();
    expect(firstVisitRedirect(visit("/", { "Accept-Language": "de" }, "POST"))).toBeNull();
  });
});

describe("the worker's / (issue 50)", () => {
  const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
  const fetchRoot = (headers: Record<string, string>) =>
    worker.fetch(visit("/", headers) as Request<unknown, IncomingRequestCfProperties>, env, ctx);

  it("answers a German browser's first visit with the redirect, and the English page with the headers it varied on", async () => {
    const german = await fetchRoot({ "Accept-Language": "de-DE,de;q=0.9" });
    expect(german.status).toBe(302);
    expect(german.headers.get("Location")).toBe("/de/");
    const english = await fetchRoot({ "Accept-Language": "en-GB" });
    expect(english.status).not.toBe(302);
    expect(english.headers.get("Vary")).toMatch(/Accept-Language, Cookie/);
  });
});
