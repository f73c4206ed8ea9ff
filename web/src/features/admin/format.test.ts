import { describe, expect, it } from "vitest";
import { displayName, formatDateTime, formatEuroCents, formatEuroCents4, formatRate, successRatePercent, wholeSeconds } from "./format";

describe("admin formats", () => {
  it("shows cents as euro with two decimals, and four for the cost per generation", () => {
    expect(formatEuroCents(123456)).toBe("€1,234.56");
    expect(formatEuroCents(0)).toBe("€0.00");
    expect(formatEuroCents(-250)).toBe("-€2.50");
    expect(formatEuroCents4(3.9)).toBe("€0.0390");
    expect(formatEuroCents4(10 / 3)).toBe("€0.0333");
  });

  it("writes dates in en-US short form with the time", () => {
    // Local time, as the operator's browser shows it.
    expect(formatDateTime(new Date(2026, 10, 24, 15, 7))).toBe("Nov 24, 2026, 03:07 PM");
  });

  it("rounds the success rate and the average time, with 0 before anything happened", () => {
    expect(successRatePercent(2, 3)).toBe(67);
    expect(successRatePercent(0, 0)).toBe(0);
    expect(wholeSeconds(14_499)).toBe(14);
    expect(wholeSeconds(14_500)).toBe(15);
    expect(formatRate(2.5)).toBe("2.50%");
  });

  it("names a user by full name, else the part of the email before the @", () => {
    expect(displayName({ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" })).toBe("Ada Lovelace");
    expect(displayName({ email: "ada@example.com", firstName: "Ada", lastName: null })).toBe("Ada");
    expect(displayName({ email: "grace.h@example.com", firstName: null, lastName: null })).toBe("grace.h");
  });
});
