import { afterEach, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ApiHeadshot } from "@/lib/domain";
import { headshotsQuery } from "@/shared/api/get-headshots";
import { testHeadshot } from "@/test/render";
import { json, stubApi } from "@/test/stub-api";
import { useLikeness } from "./use-likeness";

vi.mock("./measure", () => ({ measureLikeness: vi.fn(async () => 81) }));

afterEach(() => vi.unstubAllGlobals());

const result = { id: "h2", originalImageUrl: "/o/h2", generatedImageUrl: "/r/h2", likeness: null };
const first: ApiHeadshot = testHeadshot({ id: "h1" });

it("a measured likeness is reported and leaves the gallery list to be fetched again, not patched as fresh", async () => {
  // The gallery's list was fetched after the first picture; the second finished since, which invalidated it.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  queryClient.setQueryData(headshotsQuery().queryKey, [first]);
  await queryClient.invalidateQueries({ queryKey: headshotsQuery().queryKey });
  const calls = stubApi({ "PUT /api/headshots/h2/likeness": () => json({ likeness: 80 }) });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

  const { result: state } = renderHook(() => useLikeness(result), { wrapper });

  await waitFor(() => expect(state.current).toEqual({ status: "measured", percent: 80 })); // the server's kept value
  expect(calls.map((c) => [c.key, c.body])).toEqual([["PUT /api/headshots/h2/likeness", { likeness: 81 }]]);
  // Still stale: the gallery, when it opens, asks for the list with the second picture in it.
  expect(queryClient.getQueryState(headshotsQuery().queryKey)?.isInvalidated).toBe(true);
});
