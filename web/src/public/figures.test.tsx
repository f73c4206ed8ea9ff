/**
 * Words from numbers (issue 21): every figure a rule owns is interpolated from domain/, never typed into
 * copy. The public pages (the prerender entry the build uses) and the emails are rendered with the
 * domain's constants changed to values no copy contains — 7 free generations, a 13 MB upload limit, 17
 * seconds, 31 days of money back, age 14, links valid 36 hours (resets 45 minutes), a fair-use allowance of 37
 * at once refilling by 41, 43, 47 and 53 — so a figure written out by hand shows up as the old value; the figures that cannot be changed here (styles, prices, per-day prices, the saving) must equal
 * the values computed from domain/.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { publicRoutes, renderDocument } from "./prerender-entry";
import { emailChangeEmail, passwordResetEmail, verificationEmail } from "../../../worker/mail/templates";

vi.mock("../../../domain/limits", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../domain/limits")>()),
  FREE_GENERATIONS: 7,
  MAX_UPLOAD_MB: 13,
  ESTIMATED_SECONDS: 17,
  MINIMUM_AGE: 14,
  VERIFICATION_TTL_HOURS: 36,
  PASSWORD_RESET_TTL_MINUTES: 45,
  FAIR_USE_AT_ONCE: 37,
  FAIR_USE: {
    weekly: { atOnce: 37, refill: 41, per: "day" },
    monthly: { atOnce: 37, refill: 43, per: "day" },
    yearly: { atOnce: 37, refill: 47, per: "week" },
    team: { atOnce: 37, refill: 53, per: "day" },
  },
}));
vi.mock("../../../domain/plans", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../domain/plans")>()),
  MONEY_BACK_DAYS: 31,
}));

// imported after the mocks are declared (vi.mock is hoisted): the real plans and styles
const { PLANS, TEAM_PLAN, YEARLY_SAVING_PERCENT, dailyPrice } = await import("../../../domain/plans");
const { STYLES } = await import("../../../domain/styles");

const APP = "https://headshot.test";
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>x</title>
<meta name="description" content="x" /></head><body><div id="root"></div></body></html>`;
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const NUMBER = `(\\d+(?:\\.\\d+)?|${WORDS.join("|")})`;
const asNumber = (s: string) => (WORDS.includes(s.toLowerCase()) ? WORDS.indexOf(s.toLowerCase()) : Number(s));
/** Every number in `text` that `pattern` (with NUMBER as its first group) finds. */
const figures = (body: string, pattern: string) => [...body.matchAll(new RegExp(pattern, "gi"))].map((m) => asNumber(m[1]!));

let pages: { path: string; body: string }[] = [];
let everything = "";
beforeAll(async () => {
  pages = [];
  for (const r of publicRoutes(APP)) pages.push({ path: r.path, body: text(await renderDocument(TEMPLATE, r.path, APP)) });
  const link = "https://headshot.test/x?token=x";
  for (const mail of [
    verificationEmail("a@example.test", link, "en"),
    passwordResetEmail("a@example.test", link, "en"),
    emailChangeEmail("a@example.test", link, "en"),
  ]) {
    pages.push({ path: `${mail.subject} (text)`, body: mail.text }, { path: `${mail.subject} (html)`, body: text(mail.html ?? "") });
  }
  everything = pages.map((p) => p.body).join("\n");
});

describe("figures on the public pages and in the emails follow domain/", () => {
  it("free generations: FREE_GENERATIONS, wherever they are mentioned", () => {
    const found = figures(everything, `${NUMBER} free (?:headshot )?generations?`);
    expect(found.length).toBeGreaterThan(5);
    expect(found.filter((n) => n !== 7)).toEqual([]);
  });

  it("the upload limit: MAX_UPLOAD_MB", () => {
    const found = figures(everything, `${NUMBER} ?MB`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((n) => n !== 13)).toEqual([]);
  });

  it("time, age, money back and the link's validity", () => {
    expect(figures(everything, `about ${NUMBER} seconds`).filter((n) => n !== 17)).toEqual([]);
    const ages = figures(everything, `(?:under|are) ${NUMBER}\\b`);
    expect(ages).toContain(14);
    expect(ages.filter((n) => n !== 14)).toEqual([]);
    expect(figures(everything, `${NUMBER}-day money-back`)).toContain(31);
    expect(figures(everything, `${NUMBER}-day money-back`).filter((n) => n !== 31)).toEqual([]);
    expect(figures(everything, `expires in ${NUMBER} hours`)).toEqual([36, 36, 36, 36]); // verification and email change, text and HTML
    expect(figures(everything, `expires in ${NUMBER} minutes`)).toEqual([45, 45]);
  });

  it("the fair-use allowance: FAIR_USE, on the plan cards, the landing and in the terms", () => {
    const found = figures(everything, `up to ${NUMBER} pictures at once`);
    expect(found.length).toBeGreaterThan(1);
    expect(found.filter((n) => n !== 37)).toEqual([]);
    const refills = figures(everything, `${NUMBER} a (?:day|week)`);
    expect(refills.length).toBeGreaterThan(3);
    expect(refills.filter((n) => ![41, 43, 47, 53].includes(n))).toEqual([]);
  });

  it("the number of styles: STYLES.length", () => {
    const found = figures(everything, `${NUMBER} (?:AI |studio )?styles`);
    expect(found.length).toBeGreaterThan(3);
    expect(found.filter((n) => n !== STYLES.length)).toEqual([]);
  });

  it("prices, per-day prices and the yearly saving: computed from the plans' cents and days", () => {
    const byValue = (a: number, b: number) => a - b;
    const perDay = figures(everything, `€${NUMBER} per day`);
    expect(perDay.sort(byValue)).toEqual(PLANS.map((p) => Number((p.priceCents / p.periodDays / 100).toFixed(2))).sort(byValue));
    const prices = figures(everything, `€${NUMBER}(?![\\d.]| per day)`);
    // the three plans, and the Team plan's seat price on the business page (issue 25)
    expect(new Set(prices)).toEqual(new Set([...PLANS.map((p) => p.priceCents / 100), TEAM_PLAN.pricePerSeatCents / 100]));
    const yearly = PLANS.find((p) => p.id === "yearly")!;
    const monthly = PLANS.find((p) => p.id === "monthly")!;
    expect(figures(everything, `Save ${NUMBER}%`)).toEqual([Math.round((1 - yearly.priceCents / (12 * monthly.priceCents)) * 100)]);
  });

  it("the computations give SPEC §9's figures for today's prices", () => {
    expect(PLANS.map((p) => dailyPrice(p))).toEqual(["1.43", "1.00", "0.16"]);
    expect(YEARLY_SAVING_PERCENT).toBe(83);
    expect(PLANS.find((p) => p.id === "yearly")!.description).toBe("Best value - Save 83%");
  });
});
