/**
 * Issue 37 on /team: the list import sends nothing until confirmed, the status list and its reminders,
 * the capture link panel, and the capture link's page for each kind of visitor.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { answerNull, apiError, json, stubApi, type StubTable } from "@/test/stub-api";
import { renderWithApp, testUser } from "@/test/render";
import type { ApiImportPreview, ApiMyTeam, ApiTeamStatus } from "@/lib/domain";
import { safeNext } from "@/lib/paths";
import { setLocale } from "@/lib/copy";
import { CaptureLinksPanel } from "./capture-links-panel";
import { ImportListPanel } from "./import-list-panel";
import { JoinByLink } from "./join-by-link";
import { StatusPanel } from "./status-panel";

const stub = <const Table extends StubTable<Table>>(table: Table) => stubApi(table, { fallback: answerNull });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const preview: ApiImportPreview = {
  ready: 1,
  freeSeats: 1,
  rows: [
    { line: 1, name: "Ann", email: "ann@acme.com", status: "ready" },
    { line: 2, name: "Ann", email: "ann@acme.com", status: "duplicate", firstLine: 1 },
    { line: 3, name: "Bob", email: "bob@other.com", status: "member" },
    { line: 4, name: "Cy", email: "cy@", status: "invalid" },
    { line: 5, name: "Dan", email: "", status: "invalid" },
  ],
};

describe("invite a list", () => {
  it("previews first and sends nothing until 'Send 1 invitation' is pressed", async () => {
    const calls = stub({
      "POST /api/team/import/preview": json(preview),
      "POST /api/team/import": json({ sent: [{ email: "ann@acme.com" }], failed: [] }),
    });
    renderWithApp(<ImportListPanel />, { user: testUser, path: "/team" });
    const csv = "Ann,ann@acme.com\nAnn,ann@acme.com\nBob,bob@other.com";
    fireEvent.change(screen.getByLabelText("Names and email addresses"), { target: { value: csv } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const list = await screen.findByRole("list", { name: "List preview" });
    expect(list.textContent).toContain("Duplicate");
    expect(list.textContent).toContain("Already on line 1.");
    expect(list.textContent).toContain("Already a member");
    expect(list.textContent).toContain("Not a valid email address.");
    expect(list.textContent).toContain("No email address.");
    expect(calls.map((c) => c.key)).toEqual(["POST /api/team/import/preview"]);
    fireEvent.click(screen.getByRole("button", { name: "Send 1 invitation" }));
    await waitFor(() => expect(calls.find((c) => c.key === "POST /api/team/import")?.body).toEqual({ csv }));
  });

  it("words each row from its status and line in the page's language (issue 50)", async () => {
    setLocale("de", { reload: false });
    try {
      stub({ "POST /api/team/import/preview": json(preview) });
      renderWithApp(<ImportListPanel />, { user: testUser, path: "/team" });
      fireEvent.change(screen.getByLabelText("Namen und E-Mail-Adressen"), { target: { value: "Ann,ann@acme.com" } });
      fireEvent.click(screen.getByRole("button", { name: "Vorschau" }));
      const rows = within(await screen.findByRole("list", { name: "Vorschau der Liste" })).getAllByRole("listitem");
      expect(rows.map((r) => r.textContent)).toEqual([
        "Zeile 1: Ann ann@acme.comBereit",
        "Zeile 2: Ann ann@acme.comSteht bereits in Zeile 1.Doppelt",
        "Zeile 3: Bob bob@other.comBereits Mitglied",
        "Zeile 4: Cy cy@Keine gültige E-Mail-Adresse.Keine Adresse",
        "Zeile 5: Dan (keine Adresse)Keine E-Mail-Adresse.Keine Adresse",
      ]);
    } finally {
      setLocale("en", { reload: false });
    }
  });

  it("rows beyond the free seats keep the send button disabled; editing the list drops the preview", async () => {
    stub({
      "POST /api/team/import/preview": json({
        ready: 1,
        freeSeats: 1,
        rows: [...preview.rows.slice(0, 1), { line: 2, name: "Cy", email: "cy@acme.com", status: "over-seats" }],
      } satisfies ApiImportPreview),
    });
    renderWithApp(<ImportListPanel />, { user: testUser, path: "/team" });
    fireEvent.change(screen.getByLabelText("Names and email addresses"), { target: { value: "Ann,ann@acme.com\nCy,cy@acme.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect((await screen.findByTestId("import-summary")).textContent).toContain("beyond the free seats");
    expect((screen.getByRole("button", { name: "Send 1 invitation" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Names and email addresses"), { target: { value: "Ann,ann@acme.com" } });
    expect(screen.queryByRole("list", { name: "List preview" })).toBeNull();
  });
});

const status: ApiTeamStatus = {
  remindAfterDays: 3,
  autoRemind: false,
  rows: [
    {
      name: "Ada",
      email: "ada@example.com",
      userId: "u1",
      role: "owner",
      invitedAt: null,
      joinedAt: "2027-02-01T00:00:00Z",
      generated: 2,
      chosen: true,
      via: "owner",
      remindedAt: null,
      reminderCount: 0,
    },
    {
      name: "Bob",
      email: "bob@example.com",
      userId: "u2",
      role: "member",
      invitedAt: null,
      joinedAt: "2027-02-02T00:00:00Z",
      generated: 0,
      chosen: false,
      via: "link",
      remindedAt: null,
      reminderCount: 0,
    },
    {
      name: "",
      email: "cy@example.com",
      userId: null,
      role: null,
      invitedAt: "2027-02-02T00:00:00Z",
      joinedAt: null,
      generated: 0,
      chosen: false,
      via: null,
      remindedAt: null,
      reminderCount: 0,
    },
  ],
};

describe("status at a glance", () => {
  it("shows each person's steps; Remind is offered only for members without a photo", async () => {
    const calls = stub({ "GET /api/team/status": json(status), "POST /api/team/reminders": json({ reminded: ["bob@example.com"] }) });
    renderWithApp(<StatusPanel />, { user: testUser, path: "/team" });
    const rows = await screen.findAllByTestId("status-row");
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain("(Team link)");
    expect(rows[1]!.textContent).toContain("– Chosen");
    expect(rows[0]!.textContent).toContain("✓ Generated 2");
    expect(screen.getAllByRole("button", { name: /^Remind \S+@/ }).map((b) => b.getAttribute("aria-label"))).toEqual([
      "Remind bob@example.com",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Remind bob@example.com" }));
    await waitFor(() => expect(calls.find((c) => c.key === "POST /api/team/reminders")?.body).toEqual({ userId: "u2" }));
    fireEvent.click(screen.getByRole("button", { name: "Remind everyone without a photo" }));
    await waitFor(() => expect(calls.filter((c) => c.key === "POST /api/team/reminders").at(-1)?.body).toEqual({}));
  });

  it("an error says so", async () => {
    stub({ "GET /api/team/status": apiError(500, { error: "Internal Server Error", message: "boom" }) });
    renderWithApp(<StatusPanel />, { user: testUser, path: "/team" });
    expect(await screen.findByText("We couldn't load the team's status. Please reload the page.")).toBeTruthy();
  });
});

const ownerTeam = {
  role: "owner",
  team: { id: "t1", name: "Acme", look: null, shoot: { backdrop: "color" as const, outfit: null, template: null } },
  covered: false,
  subscription: null,
  seats: { paid: 3, used: 1, invited: 0 },
  members: [{ userId: "u1", email: "ada@acme.com", name: "Ada", role: "owner", joinedAt: "2027-02-01T00:00:00Z", hasChosenPhoto: false }],
  invitations: [],
  myChosenHeadshotId: null,
  ownPlanNotNeeded: false,
} satisfies ApiMyTeam;

describe("the capture link panel", () => {
  it("makes a link for the owner's domain and shows it once; lists who joined", async () => {
    const calls = stub({
      "GET /api/team/capture-links": json({
        links: [
          {
            id: "l1",
            domains: ["acme.com"],
            maxJoins: 2,
            expiresAt: "2027-03-01T00:00:00Z",
            createdAt: "2027-02-01T00:00:00Z",
            status: "open",
            joined: [{ userId: "u3", email: "dee@acme.com", joinedAt: "2027-02-03T00:00:00Z" }],
          },
        ],
      }),
      "POST /api/team/capture-links": json({ id: "l2", link: "http://app.test/team/capture?token=abc" }, 201),
    });
    renderWithApp(<CaptureLinksPanel team={ownerTeam} />, { user: testUser, path: "/team" });
    expect((screen.getByLabelText("Email domains") as HTMLInputElement).value).toBe("acme.com");
    expect((await screen.findByRole("list", { name: "Joined through the link for acme.com" })).textContent).toContain("dee@acme.com");
    fireEvent.change(screen.getByLabelText("Email domains"), { target: { value: "acme.com, acme.de" } });
    fireEvent.click(screen.getByRole("button", { name: "Create link" }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === "POST /api/team/capture-links")?.body).toEqual({
        domains: ["acme.com", "acme.de"],
        maxJoins: 2,
        expiresInDays: 14,
      }),
    );
    expect(((await screen.findByLabelText("New link")) as HTMLInputElement).value).toBe("http://app.test/team/capture?token=abc");
  });
});

describe("the capture link's page", () => {
  const path = "/team/capture?token=abcdefghijkl";
  it("signed in at the domain and verified: join", async () => {
    const calls = stub({
      "GET /api/team/capture": json({ teamName: "Acme", domains: ["example.com"] }),
      "POST /api/team/capture/join": json({ teamId: "t1", teamName: "Acme" }),
    });
    renderWithApp(<JoinByLink />, { user: testUser, path });
    fireEvent.click(await screen.findByRole("button", { name: "Join Acme" }));
    await waitFor(() => expect(calls.find((c) => c.key === "POST /api/team/capture/join")?.body).toEqual({ token: "abcdefghijkl" }));
  });

  it("another domain is told which addresses; unverified is asked to confirm first; signed out comes back after sign-in", async () => {
    stub({ "GET /api/team/capture": json({ teamName: "Acme", domains: ["acme.com"] }) });
    renderWithApp(<JoinByLink />, { user: testUser, path });
    expect((await screen.findByRole("alert")).textContent).toContain("This link is for addresses at @acme.com");
    cleanup();
    stub({ "GET /api/team/capture": json({ teamName: "Acme", domains: ["example.com"] }) });
    renderWithApp(<JoinByLink />, { user: { ...testUser, emailVerified: false }, path });
    expect(await screen.findByText(/Please confirm ada@example.com first/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join Acme" })).toBeNull();
    cleanup();
    renderWithApp(<JoinByLink />, { user: null, path });
    expect((await screen.findByRole("link", { name: "Sign in" })).getAttribute("href")).toBe(`/auth?next=${encodeURIComponent(path)}`);
    expect(safeNext(path)).toBe(path);
    expect(safeNext("/team/capture?token=a//evil")).toBeNull();
  });

  it("the wrong account is offered another one, and sign-in comes back here (issue 46)", async () => {
    stub({ "GET /api/team/capture": json({ teamName: "Acme", domains: ["acme.com"] }) });
    const { location } = renderWithApp(<JoinByLink />, { user: testUser, path });
    fireEvent.click(await screen.findByRole("button", { name: "Use another account" }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/auth?next=${encodeURIComponent(path)}`));
  });

  it("unverified: the email sent again comes back to this page once opened (issue 46)", async () => {
    const calls = stub({
      "GET /api/team/capture": json({ teamName: "Acme", domains: ["example.com"] }),
      "POST /api/auth/resend-verification": json({ sent: true }, 202),
    });
    renderWithApp(<JoinByLink />, { user: { ...testUser, emailVerified: false }, path });
    expect((await screen.findByText(/Please confirm ada@example.com first/)).textContent).toContain("It brings you back to this page");
    fireEvent.click(screen.getByRole("button", { name: "Send the email again" }));
    await waitFor(() => expect(calls.find((c) => c.key === "POST /api/auth/resend-verification")?.body).toEqual({ next: path }));
  });

  it("a link that no longer works says so", async () => {
    stub({ "GET /api/team/capture": apiError(410, { error: "Gone", message: "gone" }) });
    renderWithApp(<JoinByLink />, { user: testUser, path });
    expect(await screen.findByText("This link doesn't work any more")).toBeTruthy();
    // not a dead end: the way back to the product
    expect(screen.getByRole("link", { name: "Go to your dashboard" }).getAttribute("href")).toBe("/dashboard");
  });
});
