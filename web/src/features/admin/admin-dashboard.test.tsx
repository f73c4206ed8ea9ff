import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import { AdminDashboard, PERMISSION_REDIRECT_MS } from "./admin-dashboard";
import { healthLines } from "./monitoring-tab";
import { apiError, failure, json, stubApi, type StubTable } from "@/test/stub-api";
import type { OpsMonitoring, OpsWindow } from "../../../../domain/admin-api";

// The charts are a lazy chunk: load it once up front, as a browser would have by the time data arrives.
beforeAll(() => import("./charts"));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const operator = { ...testUser, isOperator: true };
const stats = {
  totalUsers: 1234,
  usersThisMonth: 56,
  totalHeadshots: 7890,
  headshotsThisMonth: 12,
  activeSubscriptions: 40,
  totalSubscriptions: 52,
};

const window = (w: "hour" | "day", calls: number, errors: number): OpsWindow => ({
  window: w,
  from: "2026-11-27T09:00:00.000Z",
  modelCalls: { ok: calls - errors, blocked: 0, rateLimited: 0, error: errors, total: calls },
  modelFailurePercent: calls ? Math.round((errors / calls) * 1000) / 10 : null,
  model429Percent: calls ? 0 : null,
  generations: { completed: calls - errors, failed: errors, costCents: 4 * (calls - errors), avgTimeMs: 12_400 },
  http429: 7,
  deadLettered: w === "hour" ? 2 : 5,
  cronFailures: 0,
  photosPurged: w === "hour" ? 1_250 : 30_000,
  webhookFailures: 0,
});
const monitoring: OpsMonitoring = {
  at: "2026-11-27T10:00:00.000Z",
  windows: [window("hour", 10, 3), window("day", 240, 12)],
  queue: { processing: 4, oldestAgeSeconds: 42 },
  retention: { waiting: 320 },
  priceNotices: { waiting: 1_975, withdrawals: 12 },
  alerts: [
    { kind: "modelFailureRate", value: 30, threshold: 20, firing: true },
    { kind: "model429Rate", value: 0, threshold: 10, firing: false },
    { kind: "queueAge", value: 42, threshold: 300, firing: false },
    { kind: "deadLetters", value: 2, threshold: 1, firing: true },
  ],
};

/** Every admin figure, answered; what a test does not care about is empty. */
function figures<const Extra extends StubTable<Extra>>(extra?: Extra) {
  return stubApi({
    "GET /api/admin/stats": () => json(stats),
    "GET /api/admin/financials/mrr": () => json({ mrr: 123456 }),
    "GET /api/admin/financials/arr": () => json({ arr: 1481472 }),
    "GET /api/admin/analytics/users": () => json({ total: 1234, new: 56, cohorts: [] }),
    "GET /api/admin/analytics/generations": () =>
      json({ total: 3, successful: 2, failed: 1, avgTimeMs: 14_600, totalCostCents: 10, daily: [] }),
    "GET /api/admin/analytics/likeness": () => json([]),
    "GET /api/admin/users-by-plan": () => json([]),
    "GET /api/admin/financials/profit-30d": () => json({ profitCents: -250, revenueCents: 1000, costCents: 1250 }),
    "GET /api/admin/financials/profit-mrr": () => json({ profitCents: 123406, mrrCents: 123456, estMonthlyCostCents: 50 }),
    "GET /api/admin/financials/churn": () => json({ churnRate: 2.5, cancellations: 1, activeAtStart: 40, from: "", to: "" }),
    "GET /api/admin/health": () => json({ status: "degraded", database: "ok", storage: "error", queue: "ok" }, 503),
    "GET /api/admin/monitoring": () => json(monitoring),
    "GET /api/admin/model": () =>
      json({
        model: "gemini-2.5-flash-image",
        name: "Gemini 2.5 Flash Image",
        configured: "gemini-nano-banana-2.1",
        chain: [
          { model: "gemini-nano-banana-2.1", state: "retired", since: "2026-09-21T08:00:00.000Z" },
          { model: "gemini-2.5-flash-image", state: "serving", since: null },
        ],
        googleList: { at: "2026-09-22T04:00:00.000Z", missing: { chain: ["gemini-nano-banana-2.1"], table: [] } },
        shutdown: "2026-10-02",
        warning:
          "Google shuts gemini-2.5-flash-image down on 2026-10-02 (in 10 days). Set GEMINI_MODEL to gemini-3.1-flash-image before then.",
        lastFailure: {
          model: "gemini-2.5-flash-image",
          status: 404,
          reason: "HTTP 404 from gemini-2.5-flash-image (NOT_FOUND)",
          at: "2026-09-22T10:00:00.000Z",
          whatToFix: "Set GEMINI_MODEL to a live model.",
          fixed: false,
        },
      }),
    ...extra,
  });
}

describe("admin dashboard", () => {
  it("refuses anyone but the operator without asking the server, then goes to /dashboard", () => {
    vi.useFakeTimers();
    const calls = stubApi({});
    const { location } = renderWithApp(<AdminDashboard />, { user: testUser, path: "/admin" });
    expect(screen.getByRole("alert").textContent).toContain("You don't have permission to access this page.");
    expect(calls).toHaveLength(0);
    act(() => vi.advanceTimersByTime(PERMISSION_REDIRECT_MS));
    expect(location.history.at(-1)).toBe("/dashboard");
  });

  it("shows the permission alert when the server refuses the operator", async () => {
    stubApi({ "GET /api/admin/stats": () => apiError(403, { error: "Forbidden", message: "Operator only", code: "operator_only" }) });
    renderWithApp(<AdminDashboard />, { user: operator, path: "/admin" });
    expect(await screen.findByText("You don't have permission to access this page.")).toBeTruthy();
  });

  it("loads, then shows the four cards in euro and the overview", async () => {
    figures();
    renderWithApp(<AdminDashboard />, { user: operator, path: "/admin" });
    expect(screen.getByText("Loading admin dashboard...")).toBeTruthy();
    const summary = await screen.findByRole("region", { name: "Summary" });
    expect(within(summary).getByText("1,234")).toBeTruthy();
    expect(within(summary).getByText("+56 this month")).toBeTruthy();
    expect(within(summary).getByText("+12 this month")).toBeTruthy();
    expect(within(summary).getByText("of 52 total")).toBeTruthy();
    expect(await within(summary).findByText("€1,234.56")).toBeTruthy();
    expect(await screen.findByText("-€2.50")).toBeTruthy(); // Net Profit (Last 30d)
    expect(screen.getByText("€10.00 revenue − €12.50 cost")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText("No data yet")).toHaveLength(3)); // empty charts say so
  });

  it("Refresh reloads the data and says so; Backfill reports what it did", async () => {
    const calls = figures({ "POST /api/admin/financials/backfill-invoices": () => json({ examined: 3, created: 1 }) });
    renderWithApp(<AdminDashboard />, { user: operator, path: "/admin" });
    await screen.findByRole("region", { name: "Summary" });
    const before = calls.filter((c) => c.url === "/api/admin/stats").length;
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("All dashboard data has been refreshed.")).toBeTruthy();
    expect(screen.getByText("Data refreshed")).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/admin/stats").length).toBe(before + 1);

    fireEvent.click(screen.getByRole("button", { name: "Backfill Invoices" }));
    expect(await screen.findByText("Processed 3 invoices, created 1 records.")).toBeTruthy();
    expect(screen.getByText("Backfill completed")).toBeTruthy();
  });

  it("a failed backfill shows SPEC §8's fallback", async () => {
    figures({ "POST /api/admin/financials/backfill-invoices": () => failure(502, "Bad Gateway") });
    renderWithApp(<AdminDashboard />, { user: operator, path: "/admin" });
    await screen.findByRole("region", { name: "Summary" });
    fireEvent.click(screen.getByRole("button", { name: "Backfill Invoices" }));
    expect(await screen.findByText("Failed to backfill invoices.")).toBeTruthy();
  });

  it("analytics and monitoring show rounded rates, whole seconds, euro and the live health lines", async () => {
    figures();
    renderWithApp(<AdminDashboard />, { user: operator, path: "/admin" });
    await screen.findByRole("region", { name: "Summary" });
    // Radix tabs switch on mouse down.
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Analytics" }));
    const analytics = screen.getByRole("tabpanel");
    expect(await within(analytics).findByText("67%")).toBeTruthy(); // 2 of 3
    expect(within(analytics).getByText("15s")).toBeTruthy(); // 14.6 s
    expect(await within(analytics).findByText("2.50%")).toBeTruthy();
    expect(await within(analytics).findByText("€14,814.72")).toBeTruthy(); // ARR

    fireEvent.mouseDown(screen.getByRole("tab", { name: "Monitoring" }));
    const monitoring = screen.getByRole("tabpanel");
    expect(await within(monitoring).findByText("Database healthy")).toBeTruthy();
    expect(within(monitoring).getByText("Image storage unavailable")).toBeTruthy(); // the 503's body is shown, not an error
    expect(within(monitoring).getByText("€0.0333")).toBeTruthy(); // 10 cents over 3 generations
    expect(within(monitoring).getByText(/^Last updated: \w{3} \d+, \d{4}, \d\d:\d\d [AP]M$/)).toBeTruthy();

    // the operations table: the last hour and the last day as the server recorded them
    const failureRow = (await within(monitoring).findByRole("rowheader", { name: "Model failure rate" })).closest("tr")!;
    expect([...failureRow.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["30%", "5%"]);
    const lettersRow = within(monitoring).getByRole("rowheader", { name: "Dead-lettered messages" }).closest("tr")!;
    expect([...lettersRow.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["2", "5"]);
    expect(within(monitoring).getByText("Generations processing now: 4, the oldest queued 42 s ago")).toBeTruthy();
    // retention's fan-out (decision 260): what was deleted, and what waits for the chores queue
    const purgedRow = within(monitoring).getByRole("rowheader", { name: "Photos deleted by retention" }).closest("tr")!;
    expect([...purgedRow.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["1,250", "30,000"]);
    expect(within(monitoring).getByText("Photos past retention waiting to be deleted: 320")).toBeTruthy();
    // price-change notices' fan-out (decision 275): the emails still owed
    expect(within(monitoring).getByText("Price-change emails waiting to be sent: 1,975")).toBeTruthy();
    expect(within(monitoring).getByText("Price-change withdrawals waiting to be sent: 12")).toBeTruthy();
    const alerts = within(within(monitoring).getByRole("list", { name: "Alerts" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(alerts).toEqual([
      "Model failure rate: 30% (alert at 20%) — alerting",
      "Model 429 rate: 0% (alert at 10%)",
      "Oldest queued generation: 42 s (alert at 300 s)",
      "Dead-lettered messages: 2 (alert at 1) — alerting",
    ]);
    // the image model in use, the warning before its shutdown, the last configuration failure and what to fix (issue 32)
    expect(await within(monitoring).findByText("Gemini 2.5 Flash Image")).toBeTruthy();
    const modelAlerts = within(monitoring)
      .getAllByRole("alert")
      .map((a) => a.textContent ?? "");
    expect(modelAlerts.some((t) => t.includes("Google shuts gemini-2.5-flash-image down on 2026-10-02"))).toBe(true);
    // the chain: GEMINI_MODEL answered 404 and the fallback serves (decision 290)
    expect(modelAlerts.some((t) => t.includes("GEMINI_MODEL gemini-nano-banana-2.1 no longer serves: gemini-2.5-flash-image"))).toBe(true);
    // the daily check of Google's models.list (decision 293)
    expect(modelAlerts.some((t) => t.includes("no longer has gemini-nano-banana-2.1: a model of the chain"))).toBe(true);
    const chain = within(monitoring).getByRole("list", { name: "Model chain" });
    expect(
      within(chain)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^gemini-nano-banana-2\.1: Google no longer serves it \(404\), since /),
      "gemini-2.5-flash-image: serving",
    ]);
    expect(within(monitoring).getByText(/HTTP 404 from gemini-2.5-flash-image/)).toBeTruthy();
    expect(within(monitoring).getByText("What to fix: Set GEMINI_MODEL to a live model.")).toBeTruthy();
  });

  it("names health checks it knows and shows new ones as they come", () => {
    expect(healthLines({ status: "ok", database: "ok", storage: "ok", queue: "error" })).toEqual([
      { key: "database", label: "Database", ok: true, text: "Database healthy" },
      { key: "storage", label: "Image storage", ok: true, text: "Image storage connected" },
      { key: "queue", label: "Generation queue", ok: false, text: "Generation queue unavailable" },
    ]);
  });
});

describe("likeness by style", () => {
  it("lists every style, lowest average first, never-measured styles last, and says the figures are as reported by the browser", async () => {
    figures({
      "GET /api/admin/analytics/likeness": () =>
        json([
          { style: "Suit", measured: 3, averageLikeness: 70.3 },
          { style: "Speaker", measured: 1200, averageLikeness: 41.5 },
        ]),
    });
    renderWithApp(<AdminDashboard />, { user: operator, path: "/admin" });
    await screen.findByRole("region", { name: "Summary" });
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Analytics" }));
    const table = await within(screen.getByRole("tabpanel")).findByRole("table", {
      name: /likeness per style, as reported by the browser/i,
    });
    expect(screen.getByText("Average likeness of results to the uploaded photo, as reported by the browser")).toBeTruthy();
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((r) => Array.from(r.children).map((c) => c.textContent));
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual(["Speaker", "1,200", "41.5%"]);
    expect(rows[1]).toEqual(["Suit", "3", "70.3%"]);
    expect(rows.slice(2).every((r) => r[1] === "0" && r[2] === "—")).toBe(true);
  });
});
