import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { captureDownloads } from "@/test/downloads";
import { renderWithApp, testUser } from "@/test/render";
import type { AdminUserRow } from "@/lib/domain";
import { UsersTab } from "./users-tab";
import { failure, file, json, stubApi } from "@/test/stub-api";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const operator = { ...testUser, id: "00000000-0000-4000-8000-0000000000aa", email: "operator@example.com", isOperator: true };
// A literal, so the stub's keys that name it are checked routes.
const GRACE_ID = "00000000-0000-4000-8000-000000000001";
const grace: AdminUserRow = {
  id: GRACE_ID,
  email: "grace.h@example.com",
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  headshotCount: 3,
  subscriptionCount: 2,
  subscription: { status: "past_due", planType: "monthly" },
  team: { name: "Acme", role: "member" },
  lastHeadshotDate: null,
  createdAt: "2026-11-20T10:00:00.000Z",
};
const me: AdminUserRow = {
  ...grace,
  id: operator.id,
  email: operator.email,
  firstName: "Ada",
  lastName: "Lovelace",
  headshotCount: 0,
  subscriptionCount: 0,
  subscription: null,
  team: null,
};
const usersPage = (items: AdminUserRow[], total = items.length) => json({ items, total, page: 1, pageSize: 20 });

describe("users tab", () => {
  it("lists users with SPEC §2's cells and searches on the server", async () => {
    const calls = stubApi({
      "GET /api/admin/users": (c) => usersPage(new URL(c.url, "http://x").searchParams.get("q") === "grace" ? [grace] : [me, grace], 2),
    });
    renderWithApp(<UsersTab />, { user: operator });
    const row = await screen.findByRole("row", { name: /grace\.h/ });
    expect(within(row).getByRole("rowheader").textContent).toBe("grace.h"); // the part before the @
    expect(within(row).getByText("Past Due")).toBeTruthy();
    expect(within(row).getByText("Monthly")).toBeTruthy();
    expect(within(row).getByText("Never")).toBeTruthy();
    expect(within(row).getByText("Team: Acme (member)")).toBeTruthy();
    const mine = screen.getByRole("row", { name: /Ada Lovelace/ });
    expect(within(mine).getByText("No subscription")).toBeTruthy();
    // The operator's own account cannot be deleted here.
    expect((within(mine).getByRole("button", { name: `Delete ${operator.email}` }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByRole("searchbox", { name: "Search users by email or name" }), { target: { value: " grace " } });
    await waitFor(() => expect(screen.queryByRole("row", { name: /Ada Lovelace/ })).toBeNull());
    const searched = calls.filter((c) => c.url.startsWith("/api/admin/users?")).map((c) => new URL(c.url, "http://x").searchParams);
    expect(searched.at(-1)?.get("q")).toBe("grace");
    expect(searched.at(-1)?.get("page")).toBe("1");
    expect(searched.at(-1)?.get("pageSize")).toBe("20");
  });

  it("a team's member without a plan of their own is on the team's plan, not without one (issue 46)", async () => {
    const bob: AdminUserRow = { ...grace, email: "bob@example.com", subscriptionCount: 0, subscription: null };
    stubApi({ "GET /api/admin/users": () => usersPage([bob]) });
    renderWithApp(<UsersTab />, { user: operator });
    const row = await screen.findByRole("row", { name: /bob/ });
    expect(within(row).getByText("Team plan seat")).toBeTruthy();
    expect(within(row).queryByText("No subscription")).toBeNull();
  });

  it("pages on the server", async () => {
    const calls = stubApi({ "GET /api/admin/users": () => usersPage([grace], 41) });
    renderWithApp(<UsersTab />, { user: operator });
    expect(await screen.findByText("Page 1 of 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
    expect(new URL(calls.at(-1)!.url, "http://x").searchParams.get("page")).toBe("2");
  });

  it("confirms a delete with the exact text and counts, deletes, reads the list again and closes", async () => {
    let listed = [me, grace];
    const calls = stubApi({
      "GET /api/admin/users": () => usersPage(listed),
      [`DELETE /api/admin/users/${GRACE_ID}`]: () => {
        listed = [me];
        return json({ deleted: true, objects: 4, canceledSubscriptions: 0 });
      },
    });
    renderWithApp(<UsersTab />, { user: operator });
    fireEvent.click(await screen.findByRole("button", { name: `Delete ${grace.email}` }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete User" });
    expect(within(dialog).getByText("Are you sure you want to delete this user? This action cannot be undone.")).toBeTruthy();
    expect(within(dialog).getByText(grace.email)).toBeTruthy();
    expect(within(dialog).getByText("Headshots").nextElementSibling?.textContent).toBe("3");
    expect(within(dialog).getByText("Subscriptions").nextElementSibling?.textContent).toBe("2");

    fireEvent.click(within(dialog).getByRole("button", { name: "Delete User" }));
    expect(await screen.findByText("User has been successfully deleted.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(screen.queryByRole("row", { name: /grace\.h/ })).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });

  it("Cancel closes without deleting; a failed delete says why", async () => {
    const calls = stubApi({
      "GET /api/admin/users": () => usersPage([grace]),
      [`DELETE /api/admin/users/${GRACE_ID}`]: () => failure(500, "Internal Server Error"),
    });
    renderWithApp(<UsersTab />, { user: operator });
    fireEvent.click(await screen.findByRole("button", { name: `Delete ${grace.email}` }));
    fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: `Delete ${grace.email}` }));
    fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete User" }));
    expect(await screen.findByText("Failed to delete user")).toBeTruthy();
  });

  it("saves the users CSV as users.csv", async () => {
    const saved = captureDownloads();
    stubApi({
      "GET /api/admin/users": () => usersPage([grace]),
      "GET /api/admin/export/users.csv": () => file("id,email\r\n", { "Content-Type": "text/csv" }),
    });
    renderWithApp(<UsersTab />, { user: operator });
    await screen.findByRole("row", { name: /grace\.h/ });
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("Users data has been exported to CSV.")).toBeTruthy();
    expect(saved).toEqual(["users.csv"]);
  });
});
