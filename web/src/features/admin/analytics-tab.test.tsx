import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import { AnalyticsTab } from "./analytics-tab";
import { json, stubApi } from "@/test/stub-api";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((r) => r.textContent);

describe("analytics tab", () => {
  it("shows recurring revenue and the likeness, shoots and redo tables with their headers and figures", async () => {
    stubApi({
      "GET /api/admin/analytics/users": () => json({ total: 10, new: 2, cohorts: [] }),
      "GET /api/admin/analytics/generations": () =>
        json({ total: 4, successful: 3, failed: 1, avgTimeMs: 12_000, totalCostCents: 40, daily: [] }),
      "GET /api/admin/financials/mrr": () => json({ mrr: 4329 }),
      "GET /api/admin/financials/arr": () => json({ arr: 51948 }),
      "GET /api/admin/financials/churn": () => json({ churnRate: 12.5, cancellations: 1, activeAtStart: 8, from: "", to: "" }),
      "GET /api/admin/analytics/likeness": () => json([{ style: "Suit", measured: 3, averageLikeness: 81.25 }]),
      "GET /api/admin/analytics/shoots": () => json({ shoots: 2, pictures: 6, averagePictures: 3, bySize: [{ pictures: 3, shoots: 2 }] }),
      "GET /api/admin/analytics/refines": () =>
        json({
          edits: { started: 5, completed: 4, failed: 1, costCents: 20 },
          redos: { started: 2, free: 1, completed: 2, failed: 0, costCents: 8 },
          byStyle: [{ style: "Corporate", pictures: 10, redos: 2, redoRate: 20 }],
        }),
    });
    renderWithApp(<AnalyticsTab />, { user: { ...testUser, isOperator: true } });

    expect(await screen.findByText("€43.29")).toBeTruthy();
    expect(await screen.findByText("€519.48")).toBeTruthy();

    const likeness = await screen.findByRole("table", { name: "Average likeness per style, as reported by the browser" });
    expect(rowTexts(likeness)[0]).toBe("StyleMeasuredAverage");
    expect(rowTexts(likeness)[1]).toBe("Suit381.3%");
    expect(within(likeness).getByRole("rowheader", { name: "LinkedIn" }).closest("tr")!.textContent).toBe("LinkedIn0—");

    const shoots = await screen.findByRole("table", { name: "Shoots by number of pictures" });
    expect(rowTexts(shoots)).toEqual(["PicturesShoots", "32"]);

    const redos = await screen.findByRole("table", { name: "Redo rate per style" });
    expect(rowTexts(redos)).toEqual(["StylePicturesRedosRedo rate", "Corporate10220.0%"]);
    expect(screen.getByText("4 made · 1 failed · €0.20")).toBeTruthy();
    expect(screen.getByText("1 free · 0 failed · €0.08")).toBeTruthy();
  });
});
