import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import type { ApiSubscription } from "@/lib/domain";
import { apiError, file, json, stubApi, type StubTable } from "@/test/stub-api";
import { DownloadPanel } from "./download-panel";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function api<const Download extends StubTable<Download>>(subscription: ApiSubscription | null, download?: Download) {
  return stubApi({ "GET /api/stripe/subscription": json(subscription), ...download });
}

const subscriber: ApiSubscription = {
  status: "active",
  planType: "monthly",
  stripePriceId: "p",
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};

const headshot = { id: "h1", style: "White Background" as const };

describe("download panel", () => {
  it("free user: starts on web; choosing High opens the Subscription Required dialog instead", async () => {
    api(null);
    renderWithApp(<DownloadPanel headshot={headshot} imageUrl="/img" />, { user: testUser });
    await waitFor(() => expect((screen.getByRole("radio", { name: "Web" }) as HTMLElement).getAttribute("aria-checked")).toBe("true"));
    fireEvent.click(screen.getByRole("radio", { name: /^High/ }));
    expect(await screen.findByRole("dialog", { name: "Subscription Required" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Web", hidden: true }).getAttribute("aria-checked")).toBe("true");
  });

  it("subscriber: downloads with the chosen options and saves under the server's filename", async () => {
    const calls = api(subscriber, {
      "GET /api/headshots/h1/download": file("png", {
        "Content-Disposition": 'attachment; filename="headshot-white-background-high-round-300dpi.png"',
      }),
    });
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithApp(<DownloadPanel headshot={headshot} imageUrl="/img" />, { user: testUser });
    await waitFor(() => expect(screen.getByRole("radio", { name: /^High/ }).getAttribute("aria-checked")).toBe("true"));
    fireEvent.click(screen.getByRole("radio", { name: "Round" }));
    fireEvent.click(screen.getByRole("radio", { name: "300" }));
    fireEvent.click(screen.getByRole("button", { name: /download/i }));
    await waitFor(() => expect(screen.getByText(/Download (Started|Failed)/)).toBeTruthy());
    expect(screen.queryByText("Download Failed")?.parentElement?.textContent ?? "").toBe("");
    expect(screen.getByText("Download Started")).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain("/api/headshots/h1/download?resolution=high&shape=round&fileFormat=png&dpi=300");
    expect(clicked).toEqual(["headshot-white-background-high-round-300dpi.png"]);
  });

  it("a 402 from the server opens the dialog; other failures toast 'Download Failed'", async () => {
    api(subscriber, {
      "GET /api/headshots/h1/download": apiError(500, {
        error: "Internal Server Error",
        message: "Something went wrong on our side. Please try again.",
      }),
    });
    renderWithApp(<DownloadPanel headshot={headshot} imageUrl="/img" />, { user: testUser });
    await waitFor(() => expect(screen.getByRole("radio", { name: /^High/ }).getAttribute("aria-checked")).toBe("true"));
    fireEvent.click(screen.getByRole("button", { name: /download/i }));
    await waitFor(() => expect(screen.getByText("Download Failed")).toBeTruthy());
  });
});
