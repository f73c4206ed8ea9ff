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
  entitled: true,
  live: true,
  planType: "monthly",
  stripePriceId: "p",
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};

const headshot = { id: "h1", style: "White Background" as const };

describe("download panel", () => {
  it("says the pictures carry Content Credentials made with AI and links the public verify page, TIFF too (decision 344)", async () => {
    api(subscriber);
    renderWithApp(<DownloadPanel headshot={headshot} imageUrl="/img" />, { user: testUser });
    await waitFor(() => expect(screen.getByRole("radio", { name: /^High/ }).getAttribute("aria-checked")).toBe("true"));
    const line = screen.getByTestId("content-credentials");
    expect(line.textContent).toContain("Content Credentials: made with AI.");
    expect(screen.getByRole("link", { name: /verify page/ }).getAttribute("href")).toBe("https://contentcredentials.org/verify");
    expect(line.textContent).not.toContain("TIFF");
    fireEvent.click(screen.getByRole("radio", { name: "TIFF" }));
    // TIFF downloads are signed like the others (tag 0xCD41): the line says nothing different for them
    expect(screen.getByTestId("content-credentials").textContent).toBe(line.textContent);
    expect(screen.getByTestId("content-credentials").textContent).not.toMatch(/TIFF|metadata only/);
  });

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

  /** Radix Select opens from the keyboard; jsdom lacks the layout calls it makes. */
  async function chooseSize(name: RegExp | string) {
    Element.prototype.scrollIntoView = vi.fn();
    Element.prototype.hasPointerCapture = vi.fn(() => false);
    fireEvent.keyDown(screen.getByRole("combobox", { name: /Size preset/ }), { key: "Enter" });
    fireEvent.click(await screen.findByRole("option", { name }));
  }

  it("subscriber: a custom size (issue 35): typed, checked against the limits, then downloaded", async () => {
    const calls = api(subscriber, { "GET /api/headshots/h1/download": file("png", {}) });
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderWithApp(<DownloadPanel headshot={headshot} imageUrl="/img" />, { user: testUser });
    await waitFor(() => expect(screen.getByRole("radio", { name: /^High/ }).getAttribute("aria-checked")).toBe("true"));
    await chooseSize("Custom size…");
    const width = screen.getByRole("spinbutton", { name: "Width (px)" });
    const height = screen.getByRole("spinbutton", { name: "Height (px)" });
    fireEvent.change(width, { target: { value: "4096" } });
    fireEvent.change(height, { target: { value: "4096" } });
    expect(screen.getByText(/must be at most 4,194,304 pixels/)).toBeTruthy();
    expect(screen.getByRole("button", { name: /download/i }).hasAttribute("disabled")).toBe(true);
    fireEvent.change(width, { target: { value: "1200" } });
    fireEvent.change(height, { target: { value: "800" } });
    expect(screen.getByTestId("download-preview").closest("figure")!.textContent).toContain("1200 × 800 px");
    expect(screen.queryByRole("radio", { name: "Round" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /download/i }));
    await waitFor(() => expect(screen.getByText("Download Started")).toBeTruthy());
    expect(calls.map((c) => c.url)).toContain(
      "/api/headshots/h1/download?resolution=high&shape=square&fileFormat=png&width=1200&height=800",
    );
  });

  it("subscriber: the 8×10 print preset (issue 35) picks 300 DPI and offers no WebP", async () => {
    api(subscriber);
    renderWithApp(<DownloadPanel headshot={headshot} imageUrl="/img" />, { user: testUser });
    await waitFor(() => expect(screen.getByRole("radio", { name: /^High/ }).getAttribute("aria-checked")).toBe("true"));
    fireEvent.click(screen.getByRole("radio", { name: "WebP" }));
    await chooseSize(/8×10 print · 2400×3000/);
    expect(screen.getByRole("radio", { name: "300" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("radio", { name: "PNG" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.queryByRole("radio", { name: "WebP" })).toBeNull();
    expect(screen.getByTestId("download-preview").closest("figure")!.textContent).toContain("2400 × 3000 px");
  });
});
