import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { captureDownloads } from "@/test/downloads";
import { renderWithApp, testUser } from "@/test/render";
import { FinancialsTab } from "./financials-tab";
import { failure, file, json, stubApi, type Call } from "@/test/stub-api";

// The charts are a lazy chunk: load it once up front, as a browser would have by the time data arrives.
beforeAll(() => import("./charts"));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const operator = { ...testUser, isOperator: true };
const stats = {
  totalUsers: 10,
  usersThisMonth: 1,
  totalHeadshots: 5,
  headshotsThisMonth: 1,
  activeSubscriptions: 4,
  totalSubscriptions: 6,
};
/** The tab's four queries, answered with nothing to show. */
const NOTHING = {
  "GET /api/admin/financials/revenue-by-plan": () => json([]),
  "GET /api/admin/financials/churn": () => json({ churnRate: 0, cancellations: 0, activeAtStart: 0, from: "", to: "" }),
  "GET /api/admin/financials/mrr": () => json({ mrr: 0 }),
  "GET /api/admin/financials/arr": () => json({ arr: 0 }),
};
const params = (c: Call | undefined) => Object.fromEntries(new URL(c!.url, "http://x").searchParams);

describe("financials tab", () => {
  it("filters revenue, churn and the CSV by the chosen days, and clears back to the defaults", async () => {
    const saved = captureDownloads();
    const calls = stubApi({
      "GET /api/admin/financials/revenue-by-plan": () =>
        json([
          { planType: "weekly", revenue: 999 },
          { planType: "yearly", revenue: 12000 },
        ]),
      "GET /api/admin/financials/churn": () => json({ churnRate: 12.5, cancellations: 1, activeAtStart: 8, from: "", to: "" }),
      "GET /api/admin/financials/mrr": () => json({ mrr: 4329 }),
      "GET /api/admin/financials/arr": () => json({ arr: 51948 }),
      "GET /api/admin/export/financials.csv": () => file("date,type\r\n", { "Content-Type": "text/csv" }),
    });
    renderWithApp(<FinancialsTab stats={stats} />, { user: operator });

    // The defaults: all-time revenue, churn over the last 30 days (the server's), no range sent.
    const chart = await screen.findByRole("table", { name: "Revenue by Plan" });
    expect(within(chart).getByRole("row", { name: "Yearly €120.00" })).toBeTruthy();
    expect(await screen.findByText("12.50%")).toBeTruthy();
    expect(screen.getByText("€43.29")).toBeTruthy();
    expect(screen.getByText("€519.48")).toBeTruthy();
    expect(params(calls.find((c) => c.url.includes("revenue-by-plan")))).toEqual({});

    fireEvent.click(screen.getByRole("button", { name: "Date range: Select date range" }));
    const month = screen.getAllByRole("grid")[0]!;
    const day = (n: number) =>
      within(month)
        .getAllByRole("button")
        .find((b) => b.textContent === String(n) && !b.closest("[data-outside]"))!;
    fireEvent.click(day(10));
    expect(screen.getByRole("button", { name: /^Date range: From \w{3} 10, \d{4}$/ })).toBeTruthy();
    fireEvent.click(day(12));
    const label = screen.getByRole("button", { name: /^Date range: \w{3} 10, \d{4} - \w{3} 12, \d{4}$/ });
    expect(label).toBeTruthy();

    // [start of the 10th, start of the 13th) in local time, for revenue and churn alike.
    await waitFor(() => expect(params(calls.filter((c) => c.url.includes("/churn")).at(-1))).toHaveProperty("to"));
    const churn = params(calls.filter((c) => c.url.includes("/churn")).at(-1));
    const revenue = params(calls.filter((c) => c.url.includes("revenue-by-plan")).at(-1));
    expect(revenue).toEqual(churn);
    const from = new Date(churn.from!);
    const to = new Date(churn.to!);
    expect([from.getDate(), from.getHours(), to.getDate(), to.getHours()]).toEqual([10, 0, 13, 0]);

    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Financial data has been exported to CSV.")).toBeTruthy();
    expect(params(calls.find((c) => c.url.includes("financials.csv")))).toEqual(churn);
    expect(saved).toEqual(["financials.csv"]);

    fireEvent.click(screen.getByRole("button", { name: "Clear date range" }));
    expect(screen.getByRole("button", { name: "Date range: Select date range" })).toBeTruthy();
  });

  it("the date picker is a named dialog whose day buttons' names start with the number they show", async () => {
    stubApi(NOTHING);
    renderWithApp(<FinancialsTab stats={stats} />, { user: operator });
    fireEvent.click(screen.getByRole("button", { name: "Date range: Select date range" }));
    const dialog = screen.getByRole("dialog", { name: "Choose a date range" });
    const days = within(dialog)
      .getAllByRole("grid")
      .flatMap((g) => within(g).getAllByRole("button"));
    expect(days.length).toBeGreaterThanOrEqual(56); // two months
    for (const b of days) expect(b.getAttribute("aria-label")).toMatch(new RegExp(`^${b.textContent} \\w+ \\d{4}, \\w+day`));
    const today = days.find((b) => b.getAttribute("aria-label")!.endsWith(", today"));
    expect(today?.textContent).toBe(String(new Date().getDate()));
  });

  it("says when the CSV could not be made", async () => {
    stubApi({
      ...NOTHING,
      "GET /api/admin/export/financials.csv": () => failure(500, "Internal Server Error"),
    });
    renderWithApp(<FinancialsTab stats={stats} />, { user: operator });
    expect(await screen.findByText("No revenue in this period")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Failed to export financial data.")).toBeTruthy();
  });
});
