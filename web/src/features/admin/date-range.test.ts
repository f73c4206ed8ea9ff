import { describe, expect, it } from "vitest";
import { pickDay, rangeLabel, rangeQuery } from "./date-range";

describe("financials date range", () => {
  const nov1 = new Date(2026, 10, 1);
  const nov24 = new Date(2026, 10, 24);

  it("labels the empty, partial and whole range", () => {
    expect(rangeLabel({})).toBe("Select date range");
    expect(rangeLabel({ from: nov1 })).toBe("From Nov 1, 2026");
    expect(rangeLabel({ to: nov24 })).toBe("Until Nov 24, 2026");
    expect(rangeLabel({ from: nov1, to: nov24 })).toBe("Nov 1, 2026 - Nov 24, 2026");
  });

  it("starts a partial range, closes it in either order, then starts over", () => {
    const nov10 = new Date(2026, 10, 10);
    expect(pickDay({}, nov10)).toEqual({ from: nov10 });
    expect(pickDay({ from: nov10 }, nov24)).toEqual({ from: nov10, to: nov24 });
    expect(pickDay({ from: nov10 }, nov1)).toEqual({ from: nov1, to: nov10 });
    expect(pickDay({ from: nov10 }, nov10)).toEqual({ from: nov10, to: nov10 });
    expect(pickDay({ to: nov10 }, nov1)).toEqual({ from: nov1, to: nov10 });
    expect(pickDay({ from: nov1, to: nov10 }, nov24)).toEqual({ from: nov24 });
  });

  it("asks from the start of the first day up to the start of the day after the last", () => {
    expect(rangeQuery({})).toEqual({});
    expect(rangeQuery({ from: new Date(2026, 10, 1, 13, 30) })).toEqual({ from: new Date(2026, 10, 1).toISOString() });
    expect(rangeQuery({ from: nov1, to: nov24 })).toEqual({ from: nov1.toISOString(), to: new Date(2026, 10, 25).toISOString() });
    // The last day of a month rolls into the next month.
    expect(rangeQuery({ to: new Date(2026, 11, 31) })).toEqual({ to: new Date(2027, 0, 1).toISOString() });
  });
});
