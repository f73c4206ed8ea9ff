import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import type { ModerationHeadshot } from "@/lib/domain";
import { ModerationPanel, moderationActions } from "./moderation-panel";
import { apiError, failure, json, stubApi } from "@/test/stub-api";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const operator = { ...testUser, isOperator: true };
// A literal, so the stub's keys that name it are checked routes.
const PENDING_ID = "00000000-0000-4000-8000-000000000001";
const headshot = (over: Partial<ModerationHeadshot>): ModerationHeadshot => ({
  id: PENDING_ID,
  userId: "u2",
  userEmail: "owner@example.com",
  style: "Suit",
  status: "completed",
  moderationStatus: "pending",
  originalImageUrl: "/api/images/a/original",
  generatedImageUrl: "/api/images/a/result",
  flagReason: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  ...over,
});
const pending = headshot({});
const approved = headshot({
  id: "00000000-0000-4000-8000-000000000002",
  style: "Office",
  moderationStatus: "approved",
  generatedImageUrl: null,
});
const page = (items: ModerationHeadshot[]) => json({ items, page: 1, pageSize: 24, hasMore: false });
const LIST = "GET /api/admin/moderation/headshots";

describe("moderation panel", () => {
  it("offers the moves the lifecycle allows", () => {
    expect(moderationActions("pending")).toEqual({ approve: true, flag: true });
    expect(moderationActions("approved")).toEqual({ approve: false, flag: true });
    expect(moderationActions("flagged")).toEqual({ approve: true, flag: false });
    expect(moderationActions("removed")).toEqual({ approve: false, flag: false });
  });

  it("shows cards with their badges; Select All selects every card or none; Delete (n) removes them", async () => {
    let listed = [pending, approved];
    const calls = stubApi({
      [LIST]: () => page(listed),
      "DELETE /api/admin/moderation/headshots/batch": (c) => {
        const ids = (c.body as { ids: string[] }).ids;
        listed = listed.map((h) => (ids.includes(h.id) ? { ...h, moderationStatus: "removed", generatedImageUrl: null } : h));
        return json({ deleted: ids.length, ids });
      },
    });
    renderWithApp(<ModerationPanel />, { user: operator });
    expect(screen.getByText("Loading headshots...")).toBeTruthy();
    const suit = await screen.findByRole("listitem", { name: /^Suit headshot/ });
    const office = screen.getByRole("listitem", { name: /^Office headshot/ });
    expect(within(suit).getByText("Completed")).toBeTruthy();
    expect(within(suit).getByText("Pending")).toBeTruthy();
    expect(within(office).getByText("Approved")).toBeTruthy();
    expect(within(office).getByText("No generated image")).toBeTruthy();
    expect(within(office).queryByRole("button", { name: "Approve" })).toBeNull();
    expect(within(office).getByRole("button", { name: "Flag" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Delete \(/ })).toBeNull();

    fireEvent.click(within(suit).getByRole("checkbox"));
    expect(screen.getByRole("button", { name: "Delete (1)" })).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select All" }));
    expect(screen.getByRole("button", { name: "Delete (2)" })).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select All" }));
    expect(screen.queryByRole("button", { name: /^Delete \(/ })).toBeNull();

    fireEvent.click(screen.getByRole("checkbox", { name: "Select All" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete (2)" }));
    // it asks first: Cancel deletes nothing and keeps the selection
    let dialog = await screen.findByRole("alertdialog", { name: "Delete these 2 headshots?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.find((c) => c.method === "DELETE")).toBeUndefined();
    fireEvent.click(screen.getByRole("button", { name: "Delete (2)" }));
    dialog = await screen.findByRole("alertdialog", { name: "Delete these 2 headshots?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete 2 headshots" }));
    expect(await screen.findByText("2 headshots have been deleted.")).toBeTruthy();
    expect(calls.find((c) => c.method === "DELETE")?.body).toEqual({ ids: [pending.id, approved.id] });
    await waitFor(() => expect(screen.getAllByText("Removed")).toHaveLength(2));
    expect(screen.queryByRole("button", { name: /^Delete \(/ })).toBeNull(); // the selection cleared
  });

  it("flags with a reason: the dialog closes, the reason clears, the list is read again", async () => {
    let flagged = false;
    const calls = stubApi({
      [LIST]: () => page([flagged ? { ...pending, moderationStatus: "flagged", flagReason: "Offensive" } : pending]),
      [`POST /api/admin/moderation/headshots/${PENDING_ID}/flag`]: () => {
        flagged = true;
        return json({ id: pending.id, moderationStatus: "flagged" });
      },
    });
    renderWithApp(<ModerationPanel />, { user: operator });
    fireEvent.click(await screen.findByRole("button", { name: "Flag" }));
    const dialog = screen.getByRole("dialog", { name: "Flag Headshot" });
    expect(within(dialog).getByText("Provide a reason for flagging this headshot for review.")).toBeTruthy();
    const reason = within(dialog).getByLabelText("Reason") as HTMLTextAreaElement;
    expect(reason.placeholder).toBe("Describe why this headshot should be flagged...");
    const submit = within(dialog).getByRole("button", { name: "Flag Headshot" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: "Offensive" } });
    fireEvent.click(submit);
    expect(await screen.findByText("The headshot has been flagged for review.")).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("/flag"))?.body).toEqual({ reason: "Offensive" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("Reason: Offensive")).toBeTruthy();
    // Flag is no longer offered for a flagged headshot; Approve is, and a failure says so.
    expect(screen.queryByRole("button", { name: "Flag" })).toBeNull();
  });

  it("keeps the typed reason when the flag fails, and shows the server's message", async () => {
    stubApi({
      [LIST]: () => page([pending]),
      [`POST /api/admin/moderation/headshots/${PENDING_ID}/flag`]: () =>
        apiError(400, { error: "Bad Request", message: "reason: must be at most 1000 characters" }),
    });
    renderWithApp(<ModerationPanel />, { user: operator });
    fireEvent.click(await screen.findByRole("button", { name: "Flag" }));
    const dialog = screen.getByRole("dialog", { name: "Flag Headshot" });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "x" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Flag Headshot" }));
    expect(await screen.findByText("reason: must be at most 1000 characters")).toBeTruthy();
    expect((within(screen.getByRole("dialog", { name: "Flag Headshot" })).getByLabelText("Reason") as HTMLTextAreaElement).value).toBe("x");
  });

  it("approves, and falls back to SPEC §8's text when the answer has no message", async () => {
    stubApi({
      [LIST]: () => page([pending]),
      [`POST /api/admin/moderation/headshots/${PENDING_ID}/approve`]: () => failure(502, "Bad Gateway", "upstream went away"),
    });
    renderWithApp(<ModerationPanel />, { user: operator });
    fireEvent.click(await screen.findByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Failed to approve headshot")).toBeTruthy();
  });

  it("pages by hasMore, and a selection does not follow to another page", async () => {
    const second = headshot({ id: "00000000-0000-4000-8000-000000000003", style: "Casual Selfie" });
    const calls = stubApi({
      [LIST]: (c) =>
        new URL(c.url, "http://x").searchParams.get("page") === "2"
          ? json({ items: [second], page: 2, pageSize: 24, hasMore: false })
          : json({ items: [pending], page: 1, pageSize: 24, hasMore: true }),
    });
    renderWithApp(<ModerationPanel />, { user: operator });
    fireEvent.click(within(await screen.findByRole("listitem", { name: /^Suit headshot/ })).getByRole("checkbox"));
    expect(screen.getByRole("button", { name: "Delete (1)" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("listitem", { name: /^Casual Selfie headshot/ })).toBeTruthy();
    expect(screen.getByText("Page 2")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: /^Delete \(/ })).toBeNull();
    expect(new URL(calls.at(-1)!.url, "http://x").searchParams.get("page")).toBe("2");
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByRole("listitem", { name: /^Suit headshot/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Delete \(/ })).toBeNull(); // cleared, not remembered
  });

  it("opens the details with both images, or says there is no generated one", async () => {
    stubApi({ [LIST]: () => page([approved]) });
    renderWithApp(<ModerationPanel />, { user: operator });
    fireEvent.click(await screen.findByRole("button", { name: "Details" }));
    const dialog = screen.getByRole("dialog", { name: "Headshot Details" });
    expect(within(dialog).getByText("Review the original and generated images")).toBeTruthy();
    expect(within(dialog).getByRole("img", { name: "Original photo" })).toBeTruthy();
    expect(within(dialog).getByText("No generated image")).toBeTruthy();
  });
});
