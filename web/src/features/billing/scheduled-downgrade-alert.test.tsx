import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import { ScheduledDowngradeAlert } from "./scheduled-downgrade-alert";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function api(table: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? "GET"} ${url}`;
      calls.push(key);
      const answer = table[key];
      return answer ? answer() : new Response("null", { status: 200 });
    }),
  );
  return calls;
}
const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status });

describe("scheduled downgrade alert", () => {
  it("states the target plan and date; cancelling then syncs, and a failed sync is tolerated", async () => {
    let scheduled = true;
    const calls = api({
      "GET /api/stripe/scheduled-downgrade": () => json(scheduled ? { targetPlanType: "weekly", effectiveDate: "2027-03-05T10:00:00Z" } : null)(),
      "POST /api/stripe/cancel-scheduled-downgrade": () => {
        scheduled = false;
        return json({ success: true })();
      },
      "POST /api/stripe/sync-subscription": () => new Response("", { status: 502, statusText: "Bad Gateway" }),
    });
    renderWithApp(<ScheduledDowngradeAlert />, { user: testUser });
    const alert = await screen.findByRole("status", { name: "Downgrade scheduled" });
    expect(alert.textContent).toContain("Your plan changes to Weekly on March 5, 2027");
    fireEvent.click(screen.getByRole("button", { name: "Cancel Downgrade" }));
    expect(await screen.findByText("Downgrade Cancelled")).toBeTruthy();
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual(["POST /api/stripe/cancel-scheduled-downgrade", "POST /api/stripe/sync-subscription"]);
    await waitFor(() => expect(screen.queryByRole("status", { name: "Downgrade scheduled" })).toBeNull());
  });

  it("a refused cancellation says 'Operation Failed' with the server's message", async () => {
    api({
      "GET /api/stripe/scheduled-downgrade": json({ targetPlanType: "monthly", effectiveDate: "2027-03-05T10:00:00Z" }),
      "POST /api/stripe/cancel-scheduled-downgrade": json({ error: "Not Found", message: "There is no scheduled downgrade to cancel." }, 404),
    });
    renderWithApp(<ScheduledDowngradeAlert />, { user: testUser });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel Downgrade" }));
    expect(await screen.findByText("Operation Failed")).toBeTruthy();
    expect(screen.getByText("There is no scheduled downgrade to cancel.")).toBeTruthy();
  });

  it("shows nothing without a scheduled downgrade", async () => {
    const calls = api({ "GET /api/stripe/scheduled-downgrade": json(null) });
    renderWithApp(<ScheduledDowngradeAlert />, { user: testUser });
    await vi.waitFor(() => expect(calls).toContain("GET /api/stripe/scheduled-downgrade"));
    expect(screen.queryByRole("status")).toBeNull();
  });
});
