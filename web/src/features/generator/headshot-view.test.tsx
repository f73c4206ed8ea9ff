import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, renderHook, screen } from "@testing-library/react";
import { GENERATION_MAX_ATTEMPTS, MESSAGES, type ApiHeadshot, type HeadshotStatusResponse } from "@/lib/domain";
import { answerNull, apiError, json, stubApi } from "@/test/stub-api";
import { renderWithApp, testHeadshot, testUser } from "@/test/render";
import { formatDate } from "@/lib/copy";
import { HeadshotView } from "./headshot-view";
import { estimateText, latenessText, useSteadyWait } from "./processing-step";

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

  it("waiting for the model's quota shows one estimate, from the queue: about 3 minutes, queued; nothing says seconds or 'longer than usual' (issue 46)", async () => {
    show(
      { ...base, status: "processing", error: null, refunded: false },
      { status: "processing", attempt: 1, retrying: false, elapsedMs: 70_000, waitSeconds: 200 },
    );
    expect(await screen.findByText("Estimated time: about 3 minutes (queued)")).toBeTruthy();
    expect(screen.getByText(/^Busy: .*queued\. Nothing is lost/)).toBeTruthy();
    const page = document.body.textContent!;
    expect(page).not.toMatch(/15 seconds|a few seconds|longer than usual|Hang tight/);
    expect(screen.getAllByText(/^Estimated time/)).toHaveLength(1);
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("0"); // queued: the bar waits too
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("another account's or a deleted headshot: not found, with the way back", async () => {
    const actions = show(null);
    expect(await screen.findByRole("heading", { name: "Headshot not found" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "My Gallery" }));
    expect(actions.onGallery).toHaveBeenCalled();
  });
});

describe("the estimate and the line under it", () => {
  it("within the usual time: the estimate and nothing more; later: a little longer; retrying names the try", () => {
    expect(estimateText({ late: false, retrying: false, attempt: 1 })).toBe("Estimated time: 15 seconds");
    expect(latenessText({ late: false, retrying: false, attempt: 1 })).toBeNull();
    expect(estimateText({ late: true, retrying: false, attempt: 1 })).toBe("Estimated time: a little longer than usual");
    expect(latenessText({ late: true, retrying: false, attempt: 1 })).toMatch(/^Your headshot is still being made/);
    expect(latenessText({ late: false, retrying: true, attempt: 3 })).toMatch(`attempt 3 of ${GENERATION_MAX_ATTEMPTS}`);
  });

  it("a wait for the model's quota is the estimate, in whole minutes (at least one); the line says why without a second figure", () => {
    expect(estimateText({ late: false, retrying: false, attempt: 1, waitSeconds: 20 })).toBe("Estimated time: about 1 minute (queued)");
    expect(estimateText({ late: true, retrying: true, attempt: 2, waitSeconds: 610 })).toBe("Estimated time: about 10 minutes (queued)");
    expect(latenessText({ late: true, retrying: true, attempt: 2, waitSeconds: 610 })).not.toMatch(/\d/);
    expect(latenessText({ late: false, retrying: false, attempt: 1, waitSeconds: 0 })).toBeNull();
  });

  it("a wait for the day's quota is said as the time it ends, in the person's clock, and why (decision 296)", () => {
    const now = new Date(2026, 11, 5, 22, 0);
    const wait = 11 * 3600; // until 09:00 the next morning
    // in the page's language (issue 50): English reads "9:00" (en-IE, decision 340)
    const time = formatDate(new Date(2026, 11, 6, 9, 0), "en", "time");
    expect(time).toBe("9:00");

    expect(estimateText({ late: false, retrying: false, attempt: 1, waitSeconds: wait }, now)).toBe(
      `Estimated time: queued until about ${time} tomorrow (your time)`,
    );
    expect(latenessText({ late: false, retrying: false, attempt: 1, waitSeconds: wait })).toMatch(
      /quota for today\. It starts again at midnight Pacific time/,
    );
  });

  it("the shoot's wait does not blink: a poll without it keeps the last one for three polls", () => {
    vi.useFakeTimers();
    try {
      const { result, rerender } = renderHook(({ wait }: { wait?: number }) => useSteadyWait(wait), {
        initialProps: { wait: 120 as number | undefined },
      });
      expect(result.current).toBe(120);
      rerender({ wait: undefined });
      expect(result.current).toBe(120);
      act(() => void vi.advanceTimersByTime(2_000));
      rerender({ wait: 90 });
      expect(result.current).toBe(90);
      rerender({ wait: undefined });
      act(() => void vi.advanceTimersByTime(6_000));
      expect(result.current).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
