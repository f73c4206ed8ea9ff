import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { IDENTITY_MESSAGES, MESSAGES, REDO_WHY, REFINE_MESSAGES, type ApiHeadshot, type ApiVersions } from "@/lib/domain";
import { renderWithApp, testUser } from "@/test/render";
import { answerNull, apiError, json, stubApi } from "@/test/stub-api";
import { Toaster } from "@/components/ui/toaster";
import { RefineControls, VersionStrip } from "./versions";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const version = (n: number, patch: Partial<ApiHeadshot> = {}): ApiHeadshot => ({
  id: `v${n}`,
  style: "Suit",
  gender: "woman",
  status: "completed",
  moderationStatus: "approved",
  originalImageUrl: "/o",
  generatedImageUrl: `/g/${n}`,
  likeness: null,
  refunded: false,
  unavailable: null,
  shootId: null,
  createdAt: "2026-11-20T10:00:00Z",
  kind: n === 1 ? "generate" : "edit",
  version: n,
  versionOf: n === 1 ? null : "v1",
  instruction: n === 1 ? null : `change ${n}`,
  freeRedo: false,
  ...patch,
});

const versions = (
  list: ApiHeadshot[],
  redo: ApiVersions["redo"] = { free: true, freeUntil: "2026-11-27T10:00:00Z", why: null },
): ApiVersions => ({
  headshotId: "v1",
  currentId: list.at(-1)!.id,
  versions: list,
  redo,
});

describe("refining in the result view (issue 36)", () => {
  it("checks the form as it is typed; the server judges the meaning, and its refusal is shown under the field to reword", async () => {
    const calls = stubApi(
      {
        "POST /api/headshots/v1/refine": (call) =>
          (call.body as { instruction: string }).instruction === "make me look younger"
            ? apiError(400, { error: "Bad Request", message: IDENTITY_MESSAGES.age })
            : json(version(2), 202),
      },
      { fallback: answerNull },
    );
    const started = vi.fn();
    renderWithApp(<RefineControls version={version(1)} versions={versions([version(1)])} onStarted={started} />, { user: testUser });
    const box = screen.getByLabelText("Describe the change");
    fireEvent.change(box, { target: { value: "a" } });
    fireEvent.click(screen.getByRole("button", { name: "Refine" }));
    expect((await screen.findByRole("alert")).textContent).toBe(REFINE_MESSAGES.tooShort);
    expect(calls.filter((c) => c.key.endsWith("/refine"))).toEqual([]);

    fireEvent.change(box, { target: { value: "make me look younger" } });
    fireEvent.click(screen.getByRole("button", { name: "Refine" }));
    await vi.waitFor(() => expect(screen.getByRole("alert").textContent).toBe(IDENTITY_MESSAGES.age));
    expect(started).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: "a dark red tie" } });
    expect(screen.queryByRole("alert")).toBeNull(); // rewording clears the refusal
    fireEvent.click(screen.getByRole("button", { name: "Refine" }));
    await vi.waitFor(() => expect(started).toHaveBeenCalledWith("v2"));
    expect(calls.find((c) => c.body && (c.body as { instruction: string }).instruction === "a dark red tie")).toBeTruthy();
  });

  it("says what a change costs up front: free generations left, or with none left that it needs a plan, with the way to /pricing (issue 46 item 17)", async () => {
    stubApi(
      { "GET /api/users/credits": json({ remaining: 2, totalUsed: 1, isVerified: true, teamSeat: false }) },
      { fallback: answerNull },
    );
    renderWithApp(<RefineControls version={version(1)} versions={versions([version(1)])} onStarted={vi.fn()} />, { user: testUser });
    expect(await screen.findByText(/one of your free generations \(2 left\)/)).toBeTruthy();
    expect(screen.queryByTestId("refine-needs-plan")).toBeNull();
  });

  it("with no free generation left, says a change needs a plan before anything is typed", async () => {
    stubApi(
      { "GET /api/users/credits": json({ remaining: 0, totalUsed: 3, isVerified: true, teamSeat: false }) },
      { fallback: answerNull },
    );
    renderWithApp(<RefineControls version={version(1)} versions={versions([version(1)])} onStarted={vi.fn()} />, { user: testUser });
    const notice = await screen.findByTestId("refine-needs-plan");
    expect(notice.textContent).toContain("a change needs a subscription");
    expect(notice.querySelector("a")?.getAttribute("href")).toBe("/pricing");
    expect(screen.queryByText(/one of your free generations/)).toBeNull();
    expect((screen.getByRole("button", { name: "Refine" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a refusal a plan would lift is a toast with the link to /pricing", async () => {
    stubApi(
      {
        "GET /api/users/credits": json({ remaining: 1, totalUsed: 2, isVerified: true, teamSeat: false }),
        "POST /api/headshots/v1/refine": apiError(402, {
          error: "Payment Required",
          message: MESSAGES.freeUsed,
          code: "subscription_required",
          requiresSubscription: true,
        }),
      },
      { fallback: answerNull },
    );
    renderWithApp(
      <>
        <RefineControls version={version(1)} versions={versions([version(1)])} onStarted={vi.fn()} />
        <Toaster />
      </>,
      { user: testUser },
    );
    await screen.findByText(/1 left/);
    fireEvent.change(screen.getByLabelText("Describe the change"), { target: { value: "a dark red tie" } });
    fireEvent.click(screen.getByRole("button", { name: "Refine" }));
    await vi.waitFor(() => expect(screen.getAllByText(MESSAGES.freeUsed).length).toBeGreaterThan(0));
    const links = screen.getAllByRole("link", { name: "See plans" });
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/pricing", "/pricing"]); // radix's toast announces a copy for screen readers
  });

  it("says whether the redo is free, and why not when it is not", () => {
    stubApi({}, { fallback: answerNull });
    renderWithApp(
      <RefineControls
        version={version(1)}
        versions={versions([version(1)], { free: false, freeUntil: null, why: REDO_WHY.used })}
        onStarted={vi.fn()}
      />,
      {
        user: testUser,
      },
    );
    expect(screen.getByText(REDO_WHY.used)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Doesn't look like me: redo" })).toBeTruthy();
  });

  it("the strip lists every version, marks the open one and the one in use, and opens another", () => {
    const open = vi.fn();
    renderWithApp(
      <VersionStrip versions={{ ...versions([version(1), version(2), version(3)]), currentId: "v2" }} openId="v3" onOpen={open} />,
    );
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual([
      "Version 1: First picture",
      "Version 2: “change 2” (in use)",
      "Version 3: “change 3”",
    ]);
    expect(buttons[2]!.getAttribute("aria-current")).toBe("page");
    fireEvent.click(buttons[0]!);
    expect(open).toHaveBeenCalledWith("v1");
  });
});
