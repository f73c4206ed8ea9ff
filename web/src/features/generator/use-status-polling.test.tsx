import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { useStatusPolling } from "./use-status-polling";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function statusSequence(statuses: Array<Record<string, unknown>>) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      const next = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      return new Response(JSON.stringify(next), { status: 200 });
    }),
  );
  return urls;
}

describe("status polling", () => {
  it("polls every 2 s, +5 per processing poll, capped at 90, 100 on completion", async () => {
    vi.useFakeTimers();
    const urls = statusSequence([{ status: "processing" }]);
    const onDone = vi.fn();
    const { result } = renderHook(() => useStatusPolling("h1", onDone));
    expect(result.current).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(urls).toEqual(["/api/headshots/h1/status"]);
    expect(result.current).toBe(5);
    await act(() => vi.advanceTimersByTimeAsync(2000 * 3));
    expect(result.current).toBe(20);
    await act(() => vi.advanceTimersByTimeAsync(2000 * 30));
    expect(result.current).toBe(90);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("completes with the image URL and stops polling", async () => {
    vi.useFakeTimers();
    const urls = statusSequence([{ status: "processing" }, { status: "completed", generatedImageUrl: "/img/1" }]);
    const onDone = vi.fn();
    const { result } = renderHook(() => useStatusPolling("h1", onDone));
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(result.current).toBe(100);
    expect(onDone).toHaveBeenCalledWith({ status: "completed", generatedImageUrl: "/img/1" });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(urls).toHaveLength(2);
  });

  it("reports a failure as 'Generation failed' when the server gives no reason", async () => {
    vi.useFakeTimers();
    statusSequence([{ status: "failed" }]);
    const onDone = vi.fn();
    renderHook(() => useStatusPolling("h1", onDone));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(onDone).toHaveBeenCalledWith({ status: "failed", error: "Generation failed" });
  });
});
