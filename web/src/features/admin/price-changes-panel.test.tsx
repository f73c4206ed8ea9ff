import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import { apiError, json, stubApi } from "@/test/stub-api";
import type { AdminPriceChanges, ApiPriceChange } from "@/lib/domain";
import { PriceChangesPanel, euroInputToCents } from "./price-changes-panel";

// Radix's radio inside a <form> measures itself; jsdom has no ResizeObserver (every browser has).
beforeEach(() => {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const operator = { ...testUser, isOperator: true };

const scheduled: ApiPriceChange = {
  id: "pc-1",
  planType: "weekly",
  oldAmountCents: 999,
  newAmountCents: 1299,
  currency: "eur",
  stripePriceId: "price_new",
  effectiveDate: "2027-01-04T00:00:00.000Z",
  createdAt: "2026-11-25T03:00:00.000Z",
  createdBy: "operator@headshot.test",
  status: "notified",
  withdrawnAt: null,
  inEffect: false,
  subscribersNotified: 12,
};

const listing = (changes: ApiPriceChange[]): AdminPriceChanges => ({
  currentPrices: [
    { planType: "weekly", amountCents: 999 },
    { planType: "monthly", amountCents: 2999 },
    { planType: "yearly", amountCents: 6000 },
  ],
  earliestEffectiveDate: "2026-12-26",
  latestEffectiveDate: "2027-11-26",
  priceChanges: changes,
});

describe("price changes panel", () => {
  it("lists the scheduled changes: plan, old → new, from, status, subscribers emailed, who scheduled it", async () => {
    stubApi({
      "GET /api/admin/price-changes": () =>
        json(
          listing([
            scheduled,
            {
              ...scheduled,
              id: "pc-0",
              planType: "yearly",
              oldAmountCents: 5000,
              newAmountCents: 6000,
              effectiveDate: "2026-01-01T00:00:00.000Z",
              inEffect: true,
              subscribersNotified: 3,
            },
          ]),
        ),
    });
    renderWithApp(<PriceChangesPanel />, { user: operator });
    const table = await screen.findByRole("table", { name: "Scheduled price changes" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent)
          .slice(0, 4),
      ),
    ).toEqual([
      ["€9.99 → €12.99", "January 4, 2027", "Scheduled", "12"],
      ["€50.00 → €60.00", "January 1, 2026", "In effect", "3"],
    ]);
    expect(within(rows[0]!).getByRole("rowheader").textContent).toBe("Weekly");
    expect(rows[0]!.textContent).toContain("by operator@headshot.test");
  });

  it("schedules after confirming: sends the plan, the price in cents and the day; then lists it and says how many were emailed", async () => {
    let changes: ApiPriceChange[] = [];
    const calls = stubApi({
      "GET /api/admin/price-changes": () => json(listing(changes)),
      "POST /api/admin/price-changes": () => {
        const created: ApiPriceChange = {
          ...scheduled,
          planType: "monthly",
          oldAmountCents: 2999,
          newAmountCents: 3499,
          effectiveDate: "2027-01-01T00:00:00.000Z",
          subscribersNotified: 40,
        };
        changes = [created];
        return json(created, 201);
      },
    });
    renderWithApp(<PriceChangesPanel />, { user: operator });
    expect(await screen.findByText("No price changes scheduled")).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Monthly (€29.99)" }).getAttribute("aria-checked")).toBe("true");
    const date = screen.getByLabelText("From") as HTMLInputElement;
    expect(date.value).toBe("2026-12-26");
    expect(date.min).toBe("2026-12-26");
    // the form says the range the server allows: 30 days' notice, a year ahead at most (decision 195)
    expect(date.max).toBe("2027-11-26");
    expect(date.getAttribute("aria-describedby") && document.getElementById(date.getAttribute("aria-describedby")!)?.textContent).toBe(
      "From December 26, 2026 (30 days' notice) to November 26, 2027 (a year ahead at most).",
    );

    fireEvent.change(screen.getByLabelText("New price (€)"), { target: { value: "34,99" } });
    fireEvent.change(date, { target: { value: "2027-01-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Schedule Price Change" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Schedule this price change?" });
    expect(dialog.textContent).toContain(
      "The Monthly plan goes from €29.99 to €34.99 from January 1, 2027. Every subscriber of the plan is emailed now",
    );
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule and Email Subscribers" }));

    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({ planType: "monthly", amountCents: 3499, effectiveDate: "2027-01-01" }),
    );
    expect(await screen.findByText("Price Change Scheduled")).toBeTruthy();
    expect(screen.getByText("Monthly: €34.99 from January 1, 2027. 40 subscribers were emailed.")).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Scheduled price changes" });
    expect(within(table).getByText("€29.99 → €34.99")).toBeTruthy();
  });

  it("shows the server's sentence when it refuses, and a plain hint for an amount that is not one", async () => {
    stubApi({
      "GET /api/admin/price-changes": () => json(listing([])),
      "POST /api/admin/price-changes": () => apiError(400, { error: "Bad Request", message: "The Weekly plan already costs €9.99." }),
    });
    renderWithApp(<PriceChangesPanel />, { user: operator });
    fireEvent.click(await screen.findByRole("radio", { name: "Weekly (€9.99)" }));
    fireEvent.change(screen.getByLabelText("New price (€)"), { target: { value: "ten" } });
    fireEvent.click(screen.getByRole("button", { name: "Schedule Price Change" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter the new price in euros, for example 34.99.");

    fireEvent.change(screen.getByLabelText("New price (€)"), { target: { value: "9.99" } });
    fireEvent.click(screen.getByRole("button", { name: "Schedule Price Change" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Schedule and Email Subscribers" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("The Weekly plan already costs €9.99."));
  });

  it("withdraws a scheduled change after confirming, then shows it as withdrawn; a change in effect has no button (decision 196)", async () => {
    const inEffect: ApiPriceChange = {
      ...scheduled,
      id: "pc-0",
      planType: "yearly",
      oldAmountCents: 5000,
      newAmountCents: 6000,
      inEffect: true,
    };
    let changes = [scheduled, inEffect];
    const calls = stubApi({
      "GET /api/admin/price-changes": () => json(listing(changes)),
      "POST /api/admin/price-changes/pc-1/withdraw": () => {
        const withdrawn: ApiPriceChange = { ...scheduled, withdrawnAt: "2026-11-27T10:00:00.000Z" };
        changes = [withdrawn, inEffect];
        return json(withdrawn);
      },
    });
    renderWithApp(<PriceChangesPanel />, { user: operator });
    const table = await screen.findByRole("table", { name: "Scheduled price changes" });
    expect(
      within(table)
        .getAllByRole("button", { name: /^Withdraw/ })
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Withdraw the Weekly price change"]);
    fireEvent.click(within(table).getByRole("button", { name: "Withdraw the Weekly price change" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Withdraw this price change?" });
    expect(dialog.textContent).toContain("The Weekly plan stays at €9.99 instead of €12.99 from January 4, 2027.");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Withdraw and Email Subscribers" }));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === "POST").map((c) => c.key)).toEqual(["POST /api/admin/price-changes/pc-1/withdraw"]),
    );
    expect(await screen.findByText("Price Change Withdrawn")).toBeTruthy();
    expect(
      screen.getByText("Weekly stays at €9.99. Withdrawal emails are on their way to the 12 subscribers who had been told of it."),
    ).toBeTruthy();
    await waitFor(() => expect(within(table).queryAllByRole("button", { name: /^Withdraw/ })).toHaveLength(0));
    expect(within(table).getByText("Withdrawn")).toBeTruthy();
  });

  it("shows the server's reason when a withdrawal is refused", async () => {
    stubApi({
      "GET /api/admin/price-changes": () => json(listing([scheduled])),
      "POST /api/admin/price-changes/pc-1/withdraw": () =>
        apiError(409, {
          error: "Conflict",
          message: "A subscriber has already moved to the new price; this change can no longer be withdrawn.",
        }),
    });
    renderWithApp(<PriceChangesPanel />, { user: operator });
    fireEvent.click(await screen.findByRole("button", { name: "Withdraw the Weekly price change" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Withdraw and Email Subscribers" }));
    expect(
      await screen.findByText("A subscriber has already moved to the new price; this change can no longer be withdrawn."),
    ).toBeTruthy();
  });

  it("reads euros as people type them", () => {
    expect([
      euroInputToCents("34.99"),
      euroInputToCents("34,9"),
      euroInputToCents(" 60 "),
      euroInputToCents("1.234"),
      euroInputToCents("-5"),
      euroInputToCents(""),
    ]).toEqual([3499, 3490, 6000, null, null, null]);
  });
});
