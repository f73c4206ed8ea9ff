import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { HeadshotStatusResponse } from "@/lib/domain";
import { json, stubApi } from "@/test/stub-api";
import { useStatusPolling, type PollOutcome } from "./use-status-polling";

/** Advance the clock, then let the answers fetched at that moment settle. */
async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(1);
  });
}

function poll(id: string, onDone: (o: PollOutcome) => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useStatusPolling(id, onDone), { wrapper });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** h1's status answers these in turn, the last one from then on. */
function statusSequence(statuses: HeadshotStatusResponse[]) {
  return stubApi({ "GET /api/headshots/h1/status": () => json(statuses.length > 1 ? statuses.shift()! : statuses[0]!) });
}

describe("status polling", () => {
  it("polls at once and then every 2 s, +5 per processing poll, capped at 90, 100 on completion", async () => {
    vi.useFakeTimers();
    const calls = statusSequence([{ status: "processing" }]);
    const onDone = vi.fn();
    const { result } = poll("h1", onDone);
    await tick(0);
    expect(calls.map((c) => c.url)).toEqual(["/api/headshots/h1/status"]);
    expect(result.current.progress).toBe(5);
    await tick(2000);
    expect(calls).toHaveLength(2);
    expect(result.current.progress).toBe(10);
    await tick(2000 * 2);
    expect(result.current.progress).toBe(20);
    await tick(2000 * 30);
    expect(result.current.progress).toBe(90);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("completes with the image URL and stops polling", async () => {
    vi.useFakeTimers();
    const calls = statusSequence([{ status: "processing" }, { status: "completed", generatedImageUrl: "/img/1" }]);
    const onDone = vi.fn();
    const { result } = poll("h1", onDone);
    await tick(2000);
    expect(result.current.progress).toBe(100);
    expect(onDone).toHaveBeenCalledWith({ status: "completed", generatedImageUrl: "/img/1" });
    await tick(10_000);
    expect(calls).toHaveLength(2);
  });

  it("reports a failure as 'Generation failed' when the server gives no reason", async () => {
    vi.useFakeTimers();
    statusSequence([{ status: "failed" }]);
    const onDone = vi.fn();
    poll("h1", onDone);
    await tick(2000);
    expect(onDone).toHaveBeenCalledWith({ status: "failed", error: "Generation failed" });
  });
});
