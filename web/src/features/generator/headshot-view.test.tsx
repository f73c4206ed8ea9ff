import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { GENERATION_MAX_ATTEMPTS, MESSAGES, type ApiHeadshot, type HeadshotStatusResponse } from "@/lib/domain";
import { answerNull, apiError, json, stubApi } from "@/test/stub-api";
import { renderWithApp, testHeadshot, testUser } from "@/test/render";
import { HeadshotView } from "./headshot-view";
import { latenessText } from "./processing-step";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base: ApiHeadshot = testHeadshot({
  status: "failed",
  moderationStatus: "pending",
  originalImageUrl: "/o",
  generatedImageUrl: null,
  error: "The image service was busy.",
  refunded: true,
});

function show(headshot: ApiHeadshot | null, status?: HeadshotStatusResponse) {
  stubApi(
    {
      "GET /api/headshots/h1": headshot ? json(headshot) : apiError(404, { error: "Not Found", message: "Headshot not found." }),
      ...(status ? { "GET /api/headshots/h1/status": json(status) } : {}),
    },
    { fallback: answerNull },
  );
  const actions = { onTryAgain: vi.fn(), onNew: vi.fn(), onGallery: vi.fn() };
  renderWithApp(<HeadshotView id="h1" actions={actions} />, { user: testUser });
  return actions;
}

describe("a headshot at its own URL", () => {
  it("a failure says why, that the free generation was given back, and offers Try again with its choices", async () => {
    const actions = show(base);
    expect(await screen.findByRole("heading", { name: "Generation failed" })).toBeTruthy();
    expect(screen.getByText("The image service was busy.")).toBeTruthy();
    expect(screen.getByText(MESSAGES.generationRefunded)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(actions.onTryAgain).toHaveBeenCalledWith(expect.objectContaining({ id: "h1", style: "Suit", gender: "woman" }));
  });

  it("a subscriber's failure does not claim a refund", async () => {
    show({ ...base, refunded: false });
    expect(await screen.findByRole("heading", { name: "Generation failed" })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.generationRefunded)).toBeNull();
  });

  it("one removed by moderation shows the removal message, and no picture", async () => {
    show({
      ...base,
      status: "completed",
      moderationStatus: "removed",
      originalImageUrl: null,
      error: null,
      unavailable: MESSAGES.headshotRemoved,
    });
    expect(await screen.findByRole("heading", { name: "This headshot is no longer available" })).toBeTruthy();
    expect(screen.getByText(MESSAGES.headshotRemoved)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("processing past the estimate says so, and names the try when retrying", async () => {
    show(
      { ...base, status: "processing", error: null, refunded: false },
      { status: "processing", attempt: 2, retrying: true, elapsedMs: 40_000 },
    );
    expect(await screen.findByText(/trying again \(attempt 2 of 4\)/)).toBeTruthy();
  });

  it("waiting for the model's quota says busy, queued, and about how many minutes, not an error (issue 34)", async () => {
    show(
      { ...base, status: "processing", error: null, refunded: false },
      { status: "processing", attempt: 1, retrying: false, elapsedMs: 2_000, waitSeconds: 200 },
    );
    expect(await screen.findByText(/^Busy: .*queued, about 3 minutes\./)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("another account's or a deleted headshot: not found, with the way back", async () => {
    const actions = show(null);
    expect(await screen.findByRole("heading", { name: "Headshot not found" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "My Gallery" }));
    expect(actions.onGallery).toHaveBeenCalled();
  });
});

describe("latenessText", () => {
  it("says nothing within the estimate, then that it is taking longer; retrying names the try", () => {
    expect(latenessText({ late: false, retrying: false, attempt: 1 })).toBeNull();
    expect(latenessText({ late: true, retrying: false, attempt: 1 })).toMatch(/^This is taking longer than usual\. /);
    expect(latenessText({ late: false, retrying: true, attempt: 3 })).toMatch(`attempt 3 of ${GENERATION_MAX_ATTEMPTS}`);
  });

  it("a wait for the model's quota is said at once, in whole minutes (at least one)", () => {
    expect(latenessText({ late: false, retrying: false, attempt: 1, waitSeconds: 20 })).toMatch(/queued, about 1 minute\./);
    expect(latenessText({ late: true, retrying: true, attempt: 2, waitSeconds: 610 })).toMatch(/queued, about 10 minutes\./);
    expect(latenessText({ late: false, retrying: false, attempt: 1, waitSeconds: 0 })).toBeNull();
  });
});
