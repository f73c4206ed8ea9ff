import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { answerNull, apiError, failure, json, stubApi, type StubTable } from "@/test/stub-api";
import { renderWithApp, testUser } from "@/test/render";
import { ScheduledDowngradeAlert } from "./scheduled-downgrade-alert";

const stub = <const Table extends StubTable<Table>>(table: Table) => stubApi(table, { fallback: answerNull });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("scheduled downgrade alert", () => {
  it("states the target plan and date; cancelling then syncs, and a failed sync is tolerated", async () => {
    let scheduled = true;
    const calls = stub({
      "GET /api/stripe/scheduled-downgrade": () =>
        json(scheduled ? { targetPlanType: "weekly", effectiveDate: "2027-03-05T10:00:00Z" } : null),
      "POST /api/stripe/cancel-scheduled-downgrade": () => {
        scheduled = false;
        return json({ success: true });
      },
      "POST /api/stripe/sync-subscription": () => failure(502, "Bad Gateway"),
    });
    renderWithApp(<ScheduledDowngradeAlert />, { user: testUser });
    const alert = await screen.findByRole("status", { name: "Downgrade scheduled" });
    expect(alert.textContent).toContain("Your plan changes to Weekly on 5 March 2027");
    fireEvent.click(screen.getByRole("button", { name: "Cancel Downgrade" }));
    expect(await screen.findByText("Downgrade Cancelled")).toBeTruthy();
    expect(calls.map((c) => c.key).filter((k) => k.startsWith("POST"))).toEqual([
      "POST /api/stripe/cancel-scheduled-downgrade",
      "POST /api/stripe/sync-subscription",
    ]);
    await waitFor(() => expect(screen.queryByRole("status", { name: "Downgrade scheduled" })).toBeNull());
  });

  it("a refused cancellation says 'Operation Failed' with the server's message", async () => {
    stub({
      "GET /api/stripe/scheduled-downgrade": json({ targetPlanType: "monthly", effectiveDate: "2027-03-05T10:00:00Z" }),
      "POST /api/stripe/cancel-scheduled-downgrade": apiError(404, {
        error: "Not Found",
        message: "There is no scheduled downgrade to cancel.",
      }),
    });
    renderWithApp(<ScheduledDowngradeAlert />, { user: testUser });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel Downgrade" }));
    expect(await screen.findByText("Operation Failed")).toBeTruthy();
    expect(screen.getByText("There is no scheduled downgrade to cancel.")).toBeTruthy();
  });

  it("shows nothing without a scheduled downgrade", async () => {
    const calls = stub({ "GET /api/stripe/scheduled-downgrade": json(null) });
    renderWithApp(<ScheduledDowngradeAlert />, { user: testUser });
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toContain("GET /api/stripe/scheduled-downgrade"));
    expect(screen.queryByRole("status")).toBeNull();
  });
});
