import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { apiError, json, stubApi, type Call, type StubTable } from "@/test/stub-api";
import { renderWithApp, testUser } from "@/test/render";
import type { ApiMyTeam } from "@/lib/domain";
import { SeatsPanel } from "./seats-panel";
import { teamPrice } from "@/test/prices";
import { setLocale } from "@/lib/copy";

const stub = <const Table extends StubTable<Table>>(table: Table) => stubApi(table);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLocale("en", { reload: false });
});

const team: Extract<ApiMyTeam, { role: "owner" }> = {
  role: "owner",
  team: {
    id: "t1",
    name: "Acme",
    look: { style: "Office", brandColor: "#1E3A5F" },
    shoot: { backdrop: "color", outfit: null, template: null },
  },
  covered: true,
  subscription: {
    status: "active",
    live: true,
    seats: 3,
    scheduledSeats: null,
    scheduledAt: null,
    currentPeriodEnd: "2027-03-05T10:00:00Z",
    cancelAtPeriodEnd: false,
    entitled: true,
    seatCents: 1999,
  },
  seats: { paid: 3, used: 2, invited: 0 },
  members: [],
  invitations: [],
  myChosenHeadshotId: null,
  ownPlanNotNeeded: false,
};

const preview = json({ seats: 4, amountCents: 1234, currency: "eur", monthlyCents: 7996 });

function chooseSeats(n: number, of = team) {
  renderWithApp(<SeatsPanel team={of} />, { user: testUser, path: "/team" });
  fireEvent.change(screen.getByLabelText("Change seats"), { target: { value: String(n) } });
  fireEvent.click(screen.getByRole("button", { name: "Update seats" }));
}

const seatCalls = (calls: Call[]) => calls.filter((c) => c.key === "POST /api/team/seats");

describe("changing the team's seats (issue 37)", () => {
  it("adding a seat shows today's charge from the preview and changes nothing until Confirm", async () => {
    const calls = stub({
      "GET /api/team/seats-preview": preview,
      "POST /api/team/seats": json({ seats: 4, message: "The team now has 4 seats." }),
    });
    chooseSeats(4);
    const dialog = await screen.findByRole("alertdialog", { name: "Change to 4 seats?" });
    expect(await within(dialog).findByText("Charged today: €12.34")).toBeTruthy();
    expect(dialog.textContent).toContain("Then €79.96 per month for 4 seats.");
    expect(calls.find((c) => c.key === "GET /api/team/seats-preview")?.url).toContain("seats=4");
    expect(seatCalls(calls)).toEqual([]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm and pay €12.34 now" }));
    await waitFor(() => expect(seatCalls(calls).map((c) => c.body)).toEqual([{ seats: 4 }]));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(await screen.findByText("The team now has 4 seats.")).toBeTruthy();
  });

  it("Cancel closes the dialog and changes nothing", async () => {
    const calls = stub({ "GET /api/team/seats-preview": preview });
    chooseSeats(4);
    const dialog = await screen.findByRole("alertdialog", { name: "Change to 4 seats?" });
    await within(dialog).findByText("Charged today: €12.34");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(seatCalls(calls)).toEqual([]);
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("while the amount loads or if it cannot be worked out, there is nothing to confirm", async () => {
    const calls = stub({
      "GET /api/team/seats-preview": apiError(409, { error: "Conflict", message: "Only adding seats is charged now." }),
    });
    chooseSeats(4);
    const dialog = await screen.findByRole("alertdialog", { name: "Change to 4 seats?" });
    const confirm = within(dialog).getByRole("button", { name: "Confirm and pay now" });
    expect(confirm).toHaveProperty("disabled", true);
    expect(await within(dialog).findByText("Only adding seats is charged now.")).toBeTruthy();
    expect(confirm).toHaveProperty("disabled", true);
    fireEvent.click(confirm);
    expect(seatCalls(calls)).toEqual([]);
  });

  it("removing a seat charges nothing today, asks for no preview, and applies at the period end", async () => {
    const calls = stub({ "POST /api/team/seats": json({ seats: 3, message: "The team will have 2 seats from March 5, 2027." }) });
    chooseSeats(2);
    const dialog = await screen.findByRole("alertdialog", { name: "Change to 2 seats?" });
    expect(dialog.textContent).toContain("From 5 March 2027 it has 2 seats at €39.98 per month. Nothing is charged today.");
    expect(seatCalls(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(seatCalls(calls).map((c) => c.body)).toEqual([{ seats: 2 }]));
    expect(calls.some((c) => c.key === "GET /api/team/seats-preview")).toBe(false);
  });

  it("a team is told its own seat price, not today's (neither the launch price), and a reduction's month is at its own price", async () => {
    // today's seat price is €24.99; this team pays €17.99 a seat until a change reaches it at a renewal
    const calls = stub({ "GET /api/stripe/plans": json({ plans: [], team: teamPrice(2499) }) });
    chooseSeats(2, { ...team, subscription: { ...team.subscription!, seatCents: 1799 } });
    const dialog = await screen.findByRole("alertdialog", { name: "Change to 2 seats?" });
    expect(dialog.textContent).toContain("2 seats at €35.98 per month");
    await waitFor(() => expect(calls.some((c) => c.key === "GET /api/stripe/plans")).toBe(true));
    expect(screen.getByText(/per seat per month/).textContent).toContain("€17.99 per seat per month.");
  });

  it("speaks the page's language: seats in the plural, money and the period end as a German reads them (issue 50)", async () => {
    setLocale("de", { reload: false });
    stub({});
    renderWithApp(<SeatsPanel team={team} />, { user: testUser, path: "/team" });
    expect(screen.getByTestId("seats-used").textContent).toBe("2 von 3 Plätzen belegt");
    expect(screen.getByText(/verlängert sich am/).textContent).toBe("3 Plätze, verlängert sich am 5. März 2027.");
    fireEvent.change(screen.getByLabelText("Plätze ändern"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Plätze aktualisieren" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Auf 2 Plätze ändern?" });
    expect(dialog.textContent).toContain("Ab dem 5. März 2027 hat es 2 Plätze für 39,98\u00a0€ pro Monat. Heute wird nichts berechnet.");
  });

  it("the current number of seats cannot be 'updated' to itself", () => {
    stub({});
    renderWithApp(<SeatsPanel team={team} />, { user: testUser, path: "/team" });
    expect(screen.getByRole("button", { name: "Update seats" })).toHaveProperty("disabled", true);
  });
});
