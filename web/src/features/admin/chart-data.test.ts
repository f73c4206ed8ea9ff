import { describe, expect, it } from "vitest";
import { cohortPoints, planCountPoints, revenuePoints, trendPoints } from "./chart-data";

describe("chart points", () => {
  it("names cohort months and trend days readably, keeping the counts", () => {
    expect(
      cohortPoints([
        { month: "2026-03", count: 4 },
        { month: "2026-11-01T00:00:00.000Z", count: 0 },
      ]),
    ).toEqual([
      { name: "Mar 2026", value: 4 },
      { name: "Nov 2026", value: 0 },
    ]);
    expect(trendPoints([{ date: "2026-11-24", successful: 3, failed: 1 }])).toEqual([{ name: "Nov 24", successful: 3, failed: 1 }]);
  });

  it("names plans as the product does, and anything else capitalised", () => {
    expect(
      planCountPoints([
        { planType: "monthly", count: 7 },
        { planType: "free", count: 90 },
      ]),
    ).toEqual([
      { name: "Monthly", value: 7 },
      { name: "Free", value: 90 },
    ]);
    expect(revenuePoints([{ planType: "yearly", revenue: 12000 }])).toEqual([{ name: "Yearly", value: 12000 }]);
  });
});
