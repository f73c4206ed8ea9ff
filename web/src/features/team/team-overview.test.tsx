import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { answerNull, apiError, file, json, stubApi, type StubTable } from "@/test/stub-api";
import { renderWithApp, testUser } from "@/test/render";
import type { ApiMyTeam, ApiTeamGridEntry } from "@/lib/domain";
import { safeNext } from "@/lib/paths";
import { TeamOverview } from "./team-overview";
import { JoinTeam } from "./join-team";
import { teamPrice } from "@/test/prices";

const stub = <const Table extends StubTable<Table>>(table: Table) => stubApi(table, { fallback: answerNull });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ownerTeam: ApiMyTeam = {
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
  seats: { paid: 3, used: 2, invited: 1 },
  members: [
    { userId: "u1", email: "ada@example.com", name: "Ada Lovelace", role: "owner", joinedAt: "2027-02-01T00:00:00Z", hasChosenPhoto: true },
    { userId: "u2", email: "bob@example.com", name: "Bob", role: "member", joinedAt: "2027-02-02T00:00:00Z", hasChosenPhoto: false },
  ],
  invitations: [
    {
      id: "i1",
      email: "cy@example.com",
      status: "invited",
      expiresAt: "2027-02-09T00:00:00Z",
      sentAt: "2027-02-02T00:00:00Z",
      resentCount: 0,
    },
  ],
  myChosenHeadshotId: "h1",
  ownPlanNotNeeded: false,
};

describe("the team page", () => {
  it("outside a team: create one, with the Team plan's price today, from the API (decision 288)", async () => {
    const calls = stub({
      "GET /api/team": answerNull,
      "POST /api/team": json({ id: "t1", name: "Acme" }, 201),
      // after a price change took effect: €24.99 a seat, not the launch €19.99
      "GET /api/stripe/plans": json({ plans: [], team: teamPrice(2499) }),
    });
    renderWithApp(<TeamOverview />, { user: testUser, path: "/team" });
    const card = async () => (await screen.findByText("Start a team")).closest("div")?.parentElement?.textContent;
    await waitFor(async () => expect(await card()).toContain("€24.99 per seat per month, 2 to 100 seats"));
    fireEvent.change(screen.getByLabelText("Team name"), { target: { value: "Acme" } });
    fireEvent.click(screen.getByRole("button", { name: "Create team" }));
    await waitFor(() => expect(calls.find((c) => c.key === "POST /api/team")?.body).toEqual({ name: "Acme" }));
  });

  it("an owner without seats buys them at today's seat price: the button's monthly total follows the count", async () => {
    stub({
      "GET /api/team": json({ ...ownerTeam, subscription: null, covered: false, seats: { paid: 0, used: 1, invited: 0 }, invitations: [] }),
      "GET /api/stripe/plans": json({ plans: [], team: teamPrice(2499) }),
    });
    renderWithApp(<TeamOverview />, { user: testUser, path: "/team" });
    expect(await screen.findByRole("button", { name: "Buy 2 seats — €49.98/month" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/seats/i), { target: { value: "5" } });
    expect(await screen.findByRole("button", { name: "Buy 5 seats — €124.95/month" })).toBeTruthy();
  });

  it("the owner sees seats used of paid, who is invited / joined / has chosen a photo, and the look", async () => {
    stub({
      "GET /api/team": json(ownerTeam),
      "GET /api/team/grid": json({
        photos: [{ userId: "u1", name: "Ada Lovelace", headshotId: "h1", style: "Office", imageUrl: "/api/images/h1/result?exp=1&sig=x" }],
      }),
    });
    renderWithApp(<TeamOverview />, { user: testUser, path: "/team" });
    expect(await screen.findByTestId("seats-used")).toHaveProperty("textContent", "2 of 3 seats used");
    expect(screen.getByText("Team look: Office, background #1E3A5F")).toBeTruthy();
    const list = screen.getByRole("list", { name: "Team members and invitations" });
    expect(list.textContent).toContain("Photo chosen");
    expect(list.textContent).toContain("No photo yet");
    expect(list.textContent).toContain("cy@example.com");
    expect(list.textContent).toContain("Invited");
    expect(await screen.findByAltText("Ada Lovelace's team photo")).toHaveProperty("src", expect.stringContaining("/api/images/h1/result"));
    // no free seat: inviting is off
    expect(screen.getByRole("button", { name: "Invite" })).toHaveProperty("disabled", true);
  });

  it("inviting: an address typed while the last one was on its way is kept; a refused one stays to be corrected", async () => {
    const withFreeSeats: ApiMyTeam = { ...ownerTeam, seats: { paid: 5, used: 2, invited: 1 } };
    const calls = stub({
      "GET /api/team": json(withFreeSeats),
      "POST /api/team/invitations": (call) =>
        (call.body as { email: string }).email === "dee@example.com"
          ? json({ id: "i2", email: "dee@example.com" }, 201)
          : apiError(409, { error: "Conflict", message: "cy@example.com has already been invited. Re-send the invitation instead." }),
    });
    renderWithApp(<TeamOverview />, { user: testUser, path: "/team" });
    const field = (await screen.findByLabelText("Email address")) as HTMLInputElement;
    fireEvent.change(field, { target: { value: "dee@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    // the next address, typed before the first invitation has come back
    fireEvent.change(field, { target: { value: "cy@example.com" } });
    expect(await screen.findByText("We emailed dee@example.com a link to join.")).toBeTruthy();
    expect(field.value).toBe("cy@example.com");
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText("cy@example.com has already been invited. Re-send the invitation instead.")).toBeTruthy();
    expect(field.value).toBe("cy@example.com");
    expect(calls.filter((c) => c.key === "POST /api/team/invitations").map((c) => c.body)).toEqual([
      { email: "dee@example.com" },
      { email: "cy@example.com" },
    ]);
  });

  it("the owner downloads the grid as one ZIP, in the options chosen once for every file", async () => {
    const photos: ApiTeamGridEntry[] = [
      { userId: "u1", name: "Ada Lovelace", headshotId: "h1", style: "Office", imageUrl: "/api/images/h1/result?exp=1&sig=x" },
      { userId: "u2", name: "Bob", headshotId: "h2", style: "Office", imageUrl: "/api/images/h2/result?exp=1&sig=y" },
    ];
    const zip = file(new Uint8Array([0x50, 0x4b, 5, 6]), {
      "Content-Type": "application/zip",
      "Content-Disposition": 'attachment; filename="acme-team-photos.zip"',
    });
    const calls = stub({ "GET /api/team": json(ownerTeam), "GET /api/team/grid": json({ photos }), "GET /api/team/zip": zip });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:zip"), revokeObjectURL: vi.fn() }));
    renderWithApp(<TeamOverview />, { user: testUser, path: "/team" });
    fireEvent.click(await screen.findByRole("button", { name: "Download all as ZIP" }));
    expect(await screen.findByRole("dialog", { name: "Download 2 pictures as ZIP" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Download ZIP" }));
    await waitFor(() => expect(calls.some((c) => c.key === "GET /api/team/zip")).toBe(true));
    const url = new URL(calls.find((c) => c.key === "GET /api/team/zip")!.url, "http://app.test");
    expect(url.searchParams.get("fileFormat")).toBeTruthy();
    expect(await screen.findByText("acme-team-photos.zip · 2 pictures")).toBeTruthy();
  });

  it("a removal that the server refuses says so", async () => {
    stub({
      "GET /api/team": json(ownerTeam),
      "DELETE /api/team/members/u2": apiError(404, { error: "Not Found", message: "There is no such member in your team." }),
    });
    renderWithApp(<TeamOverview />, { user: testUser, path: "/team" });
    fireEvent.click(await screen.findByRole("button", { name: "Remove" }));
    expect(await screen.findByText("There is no such member in your team.")).toBeTruthy();
  });
});

describe("the invitation page", () => {
  it("signed in with the invited address: join", async () => {
    const calls = stub({
      "GET /api/team/invitation": json({ teamName: "Acme", email: "ada@example.com" }),
      "POST /api/team/accept": json({ teamId: "t1", teamName: "Acme" }),
    });
    renderWithApp(<JoinTeam />, { user: testUser, path: "/team/join?token=abcdefghijkl" });
    fireEvent.click(await screen.findByRole("button", { name: "Join Acme" }));
    await waitFor(() => expect(calls.find((c) => c.key === "POST /api/team/accept")?.body).toEqual({ token: "abcdefghijkl" }));
  });

  it("signed in with another address: says which one to use; signed out: sign in and come back", async () => {
    stub({ "GET /api/team/invitation": json({ teamName: "Acme", email: "someone@example.com" }) });
    renderWithApp(<JoinTeam />, { user: testUser, path: "/team/join?token=abcdefghijkl" });
    expect(await screen.findByText(/Sign in with someone@example.com to accept/)).toBeTruthy();
    cleanup();
    renderWithApp(<JoinTeam />, { user: null, path: "/team/join?token=abcdefghijkl" });
    const signIn = await screen.findByRole("link", { name: "Sign in" });
    expect(signIn.getAttribute("href")).toBe(`/auth?next=${encodeURIComponent("/team/join?token=abcdefghijkl")}`);
  });

  it("a link that no longer works says so", async () => {
    stub({ "GET /api/team/invitation": apiError(410, { error: "Gone", message: "This invitation link is not valid any more." }) });
    renderWithApp(<JoinTeam />, { user: testUser, path: "/team/join?token=abcdefghijkl" });
    expect(await screen.findByText("This invitation link doesn't work any more")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to your dashboard" }).getAttribute("href")).toBe("/dashboard");
    cleanup();
    renderWithApp(<JoinTeam />, { user: null, path: "/team/join?token=abcdefghijkl" });
    expect((await screen.findByRole("link", { name: "Go to Headshot Studio" })).getAttribute("href")).toBe("/");
  });

  it("sign-in continues only to an invitation page of this site", () => {
    expect(safeNext("/team/join?token=abc")).toBe("/team/join?token=abc");
    expect(safeNext("https://evil.example/team/join?token=abc")).toBeNull();
    expect(safeNext("//evil.example/team/join?x")).toBeNull();
    expect(safeNext("/team/join?token=a//evil")).toBeNull();
    // the admin dashboard, exactly, for the operator after choosing a password (issue 46 item 19); nothing like it
    expect(safeNext("/admin")).toBe("/admin");
    expect(safeNext("/admin//evil.example")).toBeNull();
    expect(safeNext("/admin?next=//evil.example")).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});
