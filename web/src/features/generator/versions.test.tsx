import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { IDENTITY_MESSAGES, REDO_WHY, type ApiHeadshot, type ApiVersions } from "@/lib/domain";
import { renderWithApp, testUser } from "@/test/render";
import { answerNull, json, stubApi } from "@/test/stub-api";
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
  it("refuses an identity change as it is typed, without asking the server, and sends a good one", async () => {
    const calls = stubApi({ "POST /api/headshots/v1/refine": json(version(2), 202) }, { fallback: answerNull });
    const started = vi.fn();
    renderWithApp(<RefineControls version={version(1)} versions={versions([version(1)])} onStarted={started} />, { user: testUser });
    const box = screen.getByLabelText("Describe the change");
    fireEvent.change(box, { target: { value: "make me look younger" } });
    fireEvent.click(screen.getByRole("button", { name: "Refine" }));
    expect((await screen.findByRole("alert")).textContent).toBe(IDENTITY_MESSAGES.age);
    expect(calls.filter((c) => c.key.endsWith("/refine"))).toEqual([]);

    fireEvent.change(box, { target: { value: "a dark red tie" } });
    fireEvent.click(screen.getByRole("button", { name: "Refine" }));
    await vi.waitFor(() => expect(started).toHaveBeenCalledWith("v2"));
    expect(calls.find((c) => c.key === "POST /api/headshots/v1/refine")?.body).toEqual({ instruction: "a dark red tie" });
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
